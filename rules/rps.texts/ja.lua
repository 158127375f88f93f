-- 日本語のじゃんけん（gamehost play rps --lang ja）。手は英語（rock, paper, scissors）か、
-- キー r, p, s で入力します。保存した勝負をどの言語でも続けられるように。
return {
  title = "じゃんけん",
  about = "コンピューターとN本勝負のじゃんけんで勝とう。",
  -- One paragraph, its sentences joined without a space (the host joins the lines of a rules
  -- text with one, which Japanese does not put between sentences).
  rules = "r（グー）、p（パー）、s（チョキ）のどれかを入力して手を出します"
    .. "（英語で rock、paper、scissors と入力してもかまいません。大文字でも小文字でも同じです）。"
    .. "コンピューターも同時に手を出します。グーはチョキに、チョキはパーに、パーはグーに勝ちます。"
    .. "あいこはやり直しです。N本勝負では、先に過半数を勝ったほうの勝ちです（3本勝負なら2勝）。",
  ["sign-rock"] = "グー",
  ["sign-paper"] = "パー",
  ["sign-scissors"] = "チョキ",
  ["rock-beats-scissors"] = "グーはチョキに勝つ",
  ["paper-beats-rock"] = "パーはグーに勝つ",
  ["scissors-beats-paper"] = "チョキはパーに勝つ",
  ["sign-list"] = "グー、パー、チョキ",
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
