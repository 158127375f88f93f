-- 日本語のトリプル神経衰弱（gamehost play memory-triples --lang ja）。
return {
  title = "トリプル神経衰弱",
  about = "三枚そろえる神経衰弱：同じカードを三枚めくろう。",
  -- One paragraph, its sentences joined without a space: the host joins the lines of a rules
  -- text with one, which Japanese does not put between sentences.
  rules = "番号でカードを選んで表にします。三枚めくると一回の挑戦です。同じカード三枚でそろい：+3。"
    .. "そろわなければ、三枚のうち前に見たことのあるカード一枚につき1点減ります。"
    .. "次に選ぶと、ほかのカードは裏に戻ります。",
  heading = "トリプル神経衰弱",
  score = "得点",
  flips = "めくった回数",
  choose = "カードを選んでください（1〜{last}）。",
  ["theme-short"] = "テーマ「{theme}」の絵文字は{emoji}個：{asked}組ではなく{dealt}組を配りました。",
  matched = "カード{card}はもうそろっています",
  ["face-up"] = "カード{card}はもう表です",
  ["not-a-card"] = "「{input}」はカードではありません：1から{last}までの数を入力してください",
  match = "そろいました：{face}！ +{points}",
  ["no-match-seen"] = "そろいませんでした。そのうち{seen}枚は見たことがありました：{points}",
  ["no-match-new"] = "そろいませんでした：三枚とも初めてなので減点なし。",
  summary = "すべての三枚組を見つけました：{flips}で{score}点。{settings}の最高点：{best}。",
  ["flip-count"] = { other = "{n}回" },
  practice = "{summary}（練習：ランキング対象外）",
  settings = "{theme}・{cards}枚・{scoring}採点",

  -- The game's options (--NAME): their help and a form's label.
  ["option.deck"] = "固定の配り方：場の順に各カードの中身をカンマ区切りで",
  ["option.deck.label"] = "デッキ",
  ["option.pairs"] = "配る三枚組の数：数値（テーマの絵文字の数まで）かテーマの既定値",
  ["option.pairs.label"] = "三枚組の数",
  ["option.scoring"] = "timed：速いほど高得点、bonus：表向き6秒未満でそろえた1枚に+1",
  ["option.scoring.label"] = "採点",
  ["option.theme"] = "絵文字のテーマ",
  ["option.theme.label"] = "テーマ",
}
