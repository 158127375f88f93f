-- 日本語の石・紙・ハサミ・トカゲ・スポック（gamehost play rpsls --lang ja）。手は英語（rock,
-- paper, scissors, lizard, spock）か、キー r, p, s, l, k で入力します。保存した勝負をどの言語
-- でも続けられるように。グー・パー・チョキでなく石・紙・ハサミと呼ぶのは、「紙はスポックを
-- 論破する」のように物として働くから。
-- The texts every sign game shares, then this one's own.
local texts = require("sign-game-ja")
for key, text in pairs({
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
}) do texts[key] = text end
return texts
