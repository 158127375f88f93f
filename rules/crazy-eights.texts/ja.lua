-- 日本語のクレイジーエイト（gamehost play crazy-eights --lang ja）。カードは英語の略号（7h、qd）で
-- 入力し、引く・パス・マークは日本語でも入力できる。
return {
  title = "クレイジーエイト",
  about = "場のカードと数字かマークが同じカードを出そう。8はワイルドカード。最初に手札をすべて出した人の勝ち。",
  -- One paragraph, its sentences joined without a space: the host joins the lines of a rules
  -- text with one, which Japanese does not put between sentences.
  rules = "2〜4人で、トランプ52枚を使います。2人なら7枚ずつ、3人か4人なら5枚ずつ配り、次の1枚を表にして"
    .. "捨て札の始まりにします（8なら山札に戻します）。配る人（親）はゲームごとに左へ移り、親の左隣から"
    .. "時計回りに進みます。自分の番には、場のカードと数字かマークが同じカードを出します。カードは英語の略号で、"
    .. "数字（a、2〜10、j、q、k）のあとにマーク（cはクラブ、dはダイヤ、hはハート、sはスペード）を入力します。"
    .. "例：7h、10s、qd、7♥。8はワイルドカードで、どのカードの上にも出せます。出したら次に出すマークを指定します"
    .. "（クラブ、ダイヤ、ハート、スペード、またはc、d、h、s）。出す代わりに山札から1枚引けます（引く）。"
    .. "引いたら、合うカードを出すかパスします（パス）。引かずにパスできるのは、引けるカードがないときだけです。"
    .. "山札がなくなったら、捨て札の一番上以外を切り混ぜて新しい山札にします。最初に手札をすべて出した人の"
    .. "勝ちで、ほかの人の残り札の点数をもらいます：8は50点、K・Q・Jは10点、Aは1点、ほかは数字どおり。"
    .. "全員が続けてパスしたら行き詰まりで、残り札の点数が一番低い人の勝ち。ほかの各人との差をもらいます。",
  heading = "クレイジーエイト",
  ["game-number"] = "{number}戦目",
  deals = "親：{name}",
  ["top-card"] = "場のカード：",
  ["top-card-label"] = "捨て札の一番上",
  ["suit-called"] = "指定されたマーク：{suit}",
  stock = "山札",
  discards = "捨て札",
  ["your-hand"] = { other = "あなたの手札（{name}、{n}枚）：" },
  hand = { other = "{name}の手札（{n}枚）：" },
  ["your-hand-label"] = "あなたの手札",
  ["hand-label"] = "{name}の手札",
  cards = { other = "枚" },
  over = "ゲーム終了です。",
  ["call-prompt"] = "マークを指定してください：",
  ["match-called"] = "{suit}のカードか8を出してください。",
  match = "{rank}か{suit}のカード、または8を出してください。",
  ["prompt-drawn"] = "引きました：出すかパスしてください。",
  ["prompt-draw"] = "あなたの番：出すか引くかしてください。",
  ["prompt-pass"] = "あなたの番：出すかパスしてください。",
  ["button-draw"] = "引く",
  ["button-pass"] = "パス",
  ["to-call"] = "{name}がマークを指定します。",
  ["to-play"] = "{name}の番です。",
  ["suit-clubs"] = "クラブ",
  ["suit-diamonds"] = "ダイヤ",
  ["suit-hearts"] = "ハート",
  ["suit-spades"] = "スペード",
  ["word-draw"] = "引く",
  ["word-pass"] = "パス",
  ["back-to-stock"] = "{card}が表になったので、山札に戻します。",
  plays = "{name}が{card}を出しました",
  out = "{name}の手札がなくなりました。",
  refill = "捨て札を一番上の1枚を残して切り混ぜ、新しい山札にします。",
  draws = "{name}が1枚引きました",
  ["you-draw"] = "{card}を引きました",
  passes = "{name}はパスしました",
  calls = "{name}は{suit}を指定しました",
  blocked = "誰も出すことも引くこともできません：行き詰まりです。",
  ["not-a-card"] = "「{input}」はカードでも「引く」「パス」でもありません：7hや{example}のようにカードを入力してください",
  ["not-held"] = "{card}は手札にありません",
  ["not-called"] = "{card}は指定された{suit}ではありません：{suit}のカードか8を出してください",
  ["no-match"] = "{card}は{rank}とも{suit}とも合いません",
  ["drawn-already"] = "この番ではもう引きました：カードを出すか、パスしてください",
  ["nothing-to-draw"] = "もう引けるカードがありません：カードを出すか、パスしてください",
  ["draw-first"] = "先に1枚引いてください：パスできるのは、引いた後か、引けるカードがないときだけです",
  ["call-first"] = "8のあとに出すマークを指定してください：クラブ、ダイヤ、ハート、スペード（c、d、h、s）",
  wins = "{name}の勝ち：{points}点を獲得。",
  ["blocked-win"] = "行き詰まり：{name}の残り札が一番低く（{value}点）、{points}点を獲得。",
  ["blocked-share"] = "行き詰まり：{names}の残り札が同じく一番低く（{value}点）、それぞれ{points}点を獲得。",
  comma = "、",
  ["and"] = "{names}と{last}",
}
