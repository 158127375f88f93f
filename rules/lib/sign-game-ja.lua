-- What every sign game (rps, rpsls, and a copy of either) says, in Japanese: their
-- translations (rps.texts/ja.lua) take these and add their signs.
return {
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

  -- The options every sign game has (--NAME): their help and a form's label.
  ["option.match"] = "何本勝負か：best-of-N（Nは99以下の奇数）",
  ["option.match.label"] = "勝負",
  ["option.opponent"] = "コンピューターの手の選び方",
  ["option.opponent.label"] = "相手",
}
