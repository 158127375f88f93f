-- 日本語の石・紙・ハサミ・トカゲ・スポック（gamehost play rpsls --lang ja）。手は英語（rock,
-- paper, scissors, lizard, spock）か、キー r, p, s, l, k で入力します。保存した勝負をどの言語
-- でも続けられるように。グー・パー・チョキでなく石・紙・ハサミと呼ぶのは、「紙はスポックを
-- 論破する」のように物として働くから。
return {
  title = "石・紙・ハサミ・トカゲ・スポック",
  about = "五つの手で遊ぶじゃんけん：コンピューターとN本勝負で勝とう。",
  -- One paragraph, its sentences joined without a space (the host joins the lines of a rules
  -- text with one, which Japanese does not put between sentences).
  rules = "r（石）、p（紙）、s（ハサミ）、l（トカゲ）、k（スポック）のどれかを入力して手を出します"
    .. "（英語で rock、paper、scissors、lizard、spock と入力してもかまいません。大文字でも小文字でも同じです）。"
    .. "コンピューターも同時に手を出します。ハサミは紙を切り、紙は石を包み、石はトカゲをつぶし、"
    .. "トカゲはスポックに毒を盛り、スポックはハサミを壊し、ハサミはトカゲの首をはね、トカゲは紙を食べ、"
    .. "紙はスポックを論破し、スポックは石を蒸発させ、石はハサミを砕きます。あいこはやり直しです。",
  ["sign-rock"] = "石",
  ["sign-paper"] = "紙",
  ["sign-scissors"] = "ハサミ",
  ["sign-lizard"] = "トカゲ",
  ["sign-spock"] = "スポック",
  ["rock-beats-scissors"] = "石はハサミを砕く",
  ["rock-beats-lizard"] = "石はトカゲをつぶす",
  ["paper-beats-rock"] = "紙は石を包む",
  ["paper-beats-spock"] = "紙はスポックを論破する",
  ["scissors-beats-paper"] = "ハサミは紙を切る",
  ["scissors-beats-lizard"] = "ハサミはトカゲの首をはねる",
  ["lizard-beats-spock"] = "トカゲはスポックに毒を盛る",
  ["lizard-beats-paper"] = "トカゲは紙を食べる",
  ["spock-beats-scissors"] = "スポックはハサミを壊す",
  ["spock-beats-rock"] = "スポックは石を蒸発させる",
  ["sign-list"] = "石、紙、ハサミ、トカゲ、スポック",
  ["one-game"] = "一本勝負",
  ["best-of"] = "{n}本勝負：先に{needed}勝したほうの勝ち",
  score = "あなた {wins}{dot}コンピューター {losses}{dot}あいこ {ties}",
  ["score-seats"] = "{one} {wins}{dot}{two} {losses}{dot}あいこ {ties}",
  ["your-throw"] = "出す手を選んでください。",
  waiting = "{sign}を出しました。{seat}番席を待ちます。",
  ["not-a-sign"] = "「{input}」は出せる手ではありません：{keys}（{signs}）を入力してください",
  thrown = "{name}が手を出しました。",
  ["throw-tie"] = "あなた：{you}{dot}コンピューター：{cpu}{dash}あいこでやり直し。",
  ["throw-win"] = "あなた：{you}{dot}コンピューター：{cpu}{dash}{beat}。この回はあなたの勝ち。",
  ["throw-loss"] = "あなた：{you}{dot}コンピューター：{cpu}{dash}{beat}。この回はコンピューターの勝ち。",
  ["seats-tie"] = "{one}：{a}{dot}{two}：{b}{dash}あいこでやり直し。",
  ["seats-win"] = "{one}：{a}{dot}{two}：{b}{dash}{beat}。この回は{winner}の勝ち。",
  need = "勝利まで、あなたはあと{you}、コンピューターはあと{computer}。",
  ["more-wins"] = { other = "{n}勝" },
  ["you-win-match"] = "{wins}対{losses}であなたの勝ち（{throws}中{ties}）。",
  ["computer-wins-match"] = "{wins}対{losses}でコンピューターの勝ち（{throws}中{ties}）。",
  ["seat-wins-match"] = "{high}対{low}で{winner}の勝ち（{throws}中{ties}）。",
  ["throw-count"] = { other = "{n}回" },
  ["tie-count"] = { other = "あいこ{n}回" },
}
