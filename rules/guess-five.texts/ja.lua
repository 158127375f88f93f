-- 日本語の5文字当て（gamehost play guess-five --lang ja）。
return {
  title = "5文字当て",
  about = "隠された5文字の単語を6回以内に当てよう。",
  -- Lines in a row are joined with a space (which Japanese does not put between sentences):
  -- a line break here only before or after an indented line, or between paragraphs.
  rules = [[
リストにある5文字の単語を入力します。文字ごとに印がつきます：
  [a]  正解：この文字はこの位置にある
  (a)  位置違い：この文字は単語の別の位置にある
   a   なし：この文字は単語にない（またはこれ以上ない）
6回以内に単語を当てましょう。キーボードには各文字についてわかったことが表示され、単語にない文字は - になります。

--hard on では、正解の文字はその位置のまま、位置違いの文字はもう一度使う必要があります。成績は単語リストごとに記録されます。]],
  heading = "5文字当て{dot}{tries}回中{try}回目",
  ["heading-hard"] = "5文字当て{dot}{tries}回中{try}回目{dot}ハード",
  stats = "プレイ{played}回{dot}勝率{percent}%{dot}連勝{streak}（最高{best}）",
  moves = "リストにある5文字の単語",
  length = "{length}文字の単語を入力してください",
  unknown = "「{word}」は単語リストにありません",
  tried = "「{word}」はもう試しました",
  ["hard-place"] = "ハードモード：{place}文字目は「{letter}」にしてください",
  ["hard-use"] = "ハードモード：「{letter}」を使ってください",
  ["no-word"] = "{list}には5文字の単語がありません：{enough}語以上のリストが必要です（--words リスト）。",
  ["one-word"] = "{list}には5文字の単語が1語しかありません：{enough}語以上のリストが必要です（--words リスト）。",
  ["few-words"] = "{list}には5文字の単語が{count}語しかありません：キーボードの文字から答えがかなり絞れてしまいます。"
    .. "{enough}語以上のリストで遊ぶのがおすすめです（--words リスト）。",
  found = "{all}回中{tries}回目で「{word}」を当てました。",
  lost = "回数切れ：正解は「{word}」でした。",

  -- The game's options (--NAME): their help and a form's label.
  ["option.accents"] = "fold：e は é や è と同じ文字とみなす",
  ["option.accents.label"] = "アクセント",
  ["option.hard"] = "見つけた文字はもう一度使う必要がある",
  ["option.hard.label"] = "ハードモード",
}
