-- 日本語のハングマン（gamehost play hangman --lang ja）。
return {
  title = "ハングマン",
  about = "定番のゲーム：吊るされてしまう前に単語を当てよう。",
  -- Lines in a row are joined with a space (which Japanese does not put between sentences):
  -- a line break here only before or after an indented line.
  rules = [[
隠された単語を一文字ずつ当てます。ミスするたびに、吊るされる人が次の順に描き足されます：
  頭、上半身、下半身、左脚、左腕、右腕、右脚
7回ミスすると吊るされてしまいます。平均は1語あたりのミスの数で、当てられなかった単語は9回と数えます。]],
  ["word-number"] = "第{number}問",
  ["current-average"] = "現在の平均：{whole}.{fraction}",
  ["overall-average"] = "通算の平均：{whole}.{fraction}",
  gallows = "絞首台：人の体{parts}か所のうち{drawn}か所が描かれている。{word_number}、{current}、{overall}",
  word = "単語",
  another = "次の単語に挑戦しますか？",
  yes = "はい",
  no = "いいえ",
  ["yes-or-no"] = "次の単語に挑戦しますか？　y（はい）か n（いいえ）を入力してください",
  ["one-letter"] = "無効な入力です：文字を1つだけ入力してください",
  invalid = "無効な入力です",
  ["invalid-why"] = "無効な入力です：{why}",
  repeated = "「{letter}」はもう試しました",
  found = "正解！",
  lost = "残念！正解は「{word}」でした",
  summary = { other = "{n}語：正解{guessed}語、失敗{hanged}語。1語あたりの平均ミス数：{whole}.{fraction}。" },

  -- The game's options (--NAME): their help and a form's label.
  ["option.accents"] = "fold：e を当てると é や è も開く",
  ["option.accents.label"] = "アクセント",
  ["option.order"] = "単語の順番",
  ["option.order.label"] = "順番",
}
