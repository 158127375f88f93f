-- 日本語の神経衰弱（gamehost play memory --lang ja）。
return {
  title = "神経衰弱",
  about = "絵文字のカードを二枚ずつめくって、すべてのペアを見つけよう。",
  rules = [[
番号でカードを選んで表にし、もう一枚選びます。
同じカード二枚でペア：+2。違うカード二枚なら、前に見たことのあるカード一枚につき1点減ります。
だから見たものを覚えておきましょう。次に選ぶと、ほかのカードは裏に戻ります。ペアになったカードは
場から消えます。すべてのペアを見つけたら終わりです。]],
  heading = "神経衰弱",
  score = "得点",
  flips = "めくった回数",
  choose = "カードを選んでください（1〜{last}）。",
  ["theme-short"] = "テーマ「{theme}」の絵文字は{emoji}個：{asked}ではなく{dealt}組を配りました。",
  matched = "カード{card}はもうペアになっています",
  ["face-up"] = "カード{card}はもう表です",
  ["not-a-card"] = "「{input}」はカードではありません：1から{last}までの数を入力してください",
  match = "ペア：{face}！ +{points}",
  ["no-match-seen-both"] = "ペアではありません。二枚とも見たことがありました：{points}",
  ["no-match-seen-one"] = "ペアではありません。一枚は見たことがありました：{points}",
  ["no-match-new"] = "ペアではありません：二枚とも初めてなので減点なし。",
  summary = "すべてのペアを見つけました：{flips}で{score}点。{settings}の最高点：{best}。",
  ["flip-count"] = { other = "{n}回" },
  practice = "（練習：ランキング対象外）",
  settings = "{theme}・{cards}枚・{scoring}採点",

  -- The game's options (--NAME): their help and a form's label.
  ["option.deck"] = "固定の配り方：場の順に各カードの中身をカンマ区切りで",
  ["option.deck.label"] = "デッキ",
  ["option.pairs"] = "配るペアの数：数値（テーマの絵文字の数まで）かテーマの既定値",
  ["option.pairs.label"] = "ペアの数",
  ["option.scoring"] = "timed：速いほど高得点、bonus：表向き6秒未満でそろえた1枚に+1",
  ["option.scoring.label"] = "採点",
  ["option.theme"] = "絵文字のテーマ",
  ["option.theme.label"] = "テーマ",
}
