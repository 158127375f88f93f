-- 日本語のブラックジャック（gamehost play blackjack --lang ja）。手は英語（hit, stand,
-- double, leave）か、キー h, s, d, l で入力します。
return {
  title = "ブラックジャック",
  about = "21を超えずにディーラーより21に近づけよう。持ちチップは100枚から。",
  -- One paragraph, its sentences joined without a space (the host joins the lines of a rules
  -- text with one, which Japanese does not put between sentences).
  rules = "あなたとディーラーに2枚ずつ配られ、ディーラーの1枚は伏せられます。"
    .. "カードは数字どおりに数え、J、Q、Kは10、Aは1か11です。21を超えずに、ディーラーより21に近づけましょう。"
    .. "各ハンドの前に1〜25枚のチップをベットする（数を入力）か、席を立ちます（l）。"
    .. "そのあと、ヒット（h）でカードを1枚引き、スタンド（s）で今の手札のまま勝負します。"
    .. "ダブル（d）は最初の2枚のときだけできて、ベットを倍にしてカードを1枚だけ引き、スタンドします。"
    .. "21を超えるとバーストで負けです。"
    .. "次にディーラーが伏せたカードを開き、17以上になるまで引きます（17ならどれでもスタンド）。"
    .. "勝てばベットと同額がもらえます。Aと10点のカード（ナチュラル、つまりブラックジャック）は3対2の配当です。"
    .. "ハンドの後に持っていたチップの最高枚数がランキングに載ります。",
  heading = "ブラックジャック",
  chips = "チップ",
  best = "最高",
  bet = "ベット",
  dealer = "ディーラー（{total}）",
  ["dealer-hidden"] = "ディーラー（{total} + ?）",
  you = "あなた（{total}）",
  soft = "ソフト{total}",
  blackjack = "ブラックジャック",
  ["your-hand"] = "あなたの手札",
  ["dealer-hand"] = "ディーラーの手札",
  hit = "ヒット",
  stand = "スタンド",
  double = "ダブル",
  ["bet-prompt"] = "{min}〜{max}枚をベット（数を入力）か席を立つ。",
  ["bet-button"] = "{chips}枚ベット",
  leave = "席を立つ",
  shuffle = "ディーラーがカードをシャッフルしました。",
  ["two-naturals"] = "両者ブラックジャック。引き分け（プッシュ）：ベットは戻ります。",
  natural = "ブラックジャック！チップ{amount}枚の勝ち。",
  ["dealer-natural"] = "ディーラーはブラックジャック。チップ{amount}枚の負け。",
  bust = "{total}でバースト。チップ{amount}枚の負け。",
  ["double-bust"] = "ダブルで{total}になりバースト。チップ{amount}枚の負け。",
  ["dealer-busts"] = "ディーラーが{dealer}でバースト。チップ{amount}枚の勝ち。",
  higher = "{mine}対{dealer}。チップ{amount}枚の勝ち。",
  lower = "{mine}対{dealer}。チップ{amount}枚の負け。",
  push = "{mine}対{dealer}。引き分け（プッシュ）：ベットは戻ります。",
  ["double-late"] = "ダブルができるのは最初の2枚のときだけです",
  ["double-chips"] = "ダブルにはチップが{chips}枚必要です",
  ["bet-range"] = "{min}〜{max}枚の整数でベットするか、席を立ってください（l）",
  ["not-a-move"] = "ヒット（h）、スタンド（s）、ダブル（d）から選んでください",
  hands = { other = "{n}ハンド" },
  ["left-table"] = "{hands}を終え、チップ{chips}枚で席を立ちました。",
  ["left-table-best"] = "{hands}を終え、チップ{chips}枚で席を立ちました（最高{best}枚）。",
  broke = "{hands}でチップがなくなりました（最高{best}枚）。",
  rank = "{rank}位。ランキング：{board}",
  practice = "練習（シード指定またはスクリプト入力）のため、ランキング対象外です。",
}
