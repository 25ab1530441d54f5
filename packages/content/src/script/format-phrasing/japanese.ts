// The formats' words in Japanese (format-phrasing.ts): polite です・ます without spaces, a
// subject followed by its particle (について, は), which never changes the phrase.
import type { FormatPhrasing } from '../format-phrasing.ts';
import { listFormatter } from '../show-phrasing.ts';

const list = listFormatter('ja');
const NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

export const JAPANESE_FORMATS: FormatPhrasing = {
  brief: {
    opening: (subject, points) => `${subject}について要点をまとめます。ポイントは${NUMERALS[points - 1] ?? String(points)}つだけです。`,
    point: (label, position, total) => (position === total - 1 && total > 1 ? `最後のポイントは${label}です。` : `${NUMERALS[position] ?? String(position + 1)}つ目のポイントは${label}です。`),
    closing: (labels) => (labels.length > 1 ? `主なポイントは${list(labels)}でした。` : 'これが主なポイントでした。'),
  },
  debate: {
    for: (subject) => `私は、${subject}について原文の主張は正しいという立場をとります。`,
    against: (subject) => `私は反対の立場です。${subject}について、原文は言い過ぎだと考えます。`,
    counters: ['原文そのものが私の根拠になります。', '原文が認めている点を見てください。', 'ここに私の立場の裏付けがあります。'],
    challenges: [
      (subject) => `${subject}については納得できません。証拠はどこにありますか？`,
      (subject) => `${subject}をめぐる主張を、なぜ受け入れるべきなのですか？`,
      (subject) => `${subject}についての議論は、根拠が少なすぎませんか？`,
    ],
    rebuttals: ['事実がそれに答えています。', 'では、残りの証拠も見てみましょう。', '原文はさらに踏み込んでいます。'],
    closings: [
      (subject) => `やはり、${subject}について原文は正しいと思います。`,
      (subject) => `私はやはり、${subject}について原文は言い過ぎだと思います。判断はリスナーの皆さんにお任せします。`,
    ],
  },
  critique: {
    strengths: [
      (label) => `原文は${label}についてよく書けています。`,
      (label) => `もう一つの長所は、${label}の扱い方です。`,
      (label) => `${label}についても説得力があります。`,
    ],
    missesTitle: '原文に足りないもの',
    missesOpening: '次に、原文に足りないものを見てみましょう。',
    hedged: 'ここは可能性として述べているだけです。',
    noFigures: (label) => `${label}については、確かめられる数字が示されていません。`,
    mentionedOnce: (phrase) => `${phrase}は一度触れられるだけで、その後は取り上げられません。`,
    nothingMissing: '足りない点を見つけるのは難しいです。どの部分にも根拠があります。',
    verdict: (strengths) => `全体として、原文は${list(strengths)}について最も説得力があり、いくつかの疑問は残ります。`,
  },
  interview: {
    introduceGuest: (subject) => `今日のゲストは${subject}を詳しく研究してきた方です。聞きたいことがたくさんあります。`,
    guestGreeting: 'お招きいただきありがとうございます。喜んでご説明します。',
    followUps: ['もう少し詳しく教えてください。', 'それはなぜ重要なのですか？', 'それをどう受け止めればいいですか？', 'どうしてそれが分かるのですか？'],
    takeaway: '最後に、リスナーの皆さんがこの話から持ち帰るべきことは何でしょうか？',
  },
  reactions: {
    backchannel: ['うんうん。', 'なるほど。', 'はい。', 'ええ。', 'そうですね。', '確かに。', '分かります。'],
    surprise: ['へえ。', '本当ですか？', '面白いですね。', 'えっ、そうなんですか？', 'すごいですね。'],
  },
};
