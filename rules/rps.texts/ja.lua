-- 日本語のじゃんけん（gamehost play rps --lang ja）。手は英語（rock, paper, scissors）か、
-- キー r, p, s で入力します。保存した勝負をどの言語でも続けられるように。
-- The texts every sign game shares, then this one's own.
local texts = require("sign-game-ja")
for key, text in pairs({
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
}) do texts[key] = text end
return texts
