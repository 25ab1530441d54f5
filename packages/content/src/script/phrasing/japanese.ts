// What the hosts say in Japanese: polite です・ます, written without spaces. A subject
// takes its particle after it (について, は, を), which never changes the phrase, and
// a host is addressed with さん. Counts are kanji numerals with 件 ("三件"), which
// every reading of them says the same way.
import { numberWords } from './counted.ts';
import { listFormatter, type ShowPhrasing } from '../show-phrasing.ts';

const list = listFormatter('ja');
const { word } = numberWords('零 一 二 三 四 五 六 七 八 九 十 十一 十二 十三 十四 十五 十六 十七 十八 十九 二十'.split(' '));
const san = (names: readonly string[]) => names.map((name) => `${name}さん`);

export const JAPANESE: ShowPhrasing = {
  styles: {
    professional: {
      opening: (subject) => `番組へようこそ。お聞きいただきありがとうございます。今日は${subject}について見ていきます。`,
      transitions: [
        (label) => `次は${label}に移りましょう。`,
        (label) => `続いては${label}です。`,
        (label) => `ここからは${label}についてです。`,
        (label) => `では、${label}を考えてみましょう。`,
      ],
      reactions: ['それは役に立つ指摘ですね。', 'それは覚えておきたい点です。', 'それで理解が深まります。'],
      signOff: 'このエピソードはここまでです。お聞きいただきありがとうございました。',
    },
    casual: {
      opening: (subject) => `みなさん、こんにちは。聞いてくれてありがとう。今日は${subject}についておしゃべりします。`,
      transitions: [
        (label) => `じゃあ、${label}の話をしましょう。`,
        (label) => `さて、次は${label}に行きましょう。`,
        (label) => `ちょっと話題を変えて、${label}です。`,
        (label) => `次に話したかったのは${label}のことです。`,
      ],
      reactions: ['へえ、知りませんでした。', 'なるほど、納得です。', 'それ、かなり面白いですね。'],
      signOff: '今日はここまでです。一緒に過ごしてくれてありがとう。また次回お会いしましょう。',
    },
    educational: {
      opening: (subject) => `おかえりなさい。一緒に学んでくださってありがとうございます。このエピソードでは、${subject}について学びます。`,
      transitions: [
        (label) => `次のテーマは${label}です。`,
        (label) => `先に進んで、${label}を学びましょう。`,
        (label) => `では、${label}について学んでいきます。`,
        (label) => `授業の次のパートでは${label}を扱います。`,
      ],
      reactions: ['とても分かりやすい説明ですね。', 'ちゃんと理解できているか確認させてください。', 'それは大切な考え方ですね。'],
      signOff: '今日の大事なポイントは以上です。ぜひ復習してください。一緒に学んでくださってありがとうございました。',
    },
    enthusiastic: {
      opening: (subject) => `みなさん、ようこそ！お会いできてうれしいです！今日は${subject}について話せるのが本当に楽しみです！`,
      transitions: [
        (label) => `さあ、${label}の世界に飛び込みましょう！`,
        (label) => `続いては${label}の話です！`,
        (label) => `さっそく${label}に行ってみましょう！`,
        (label) => `お待たせしました、次は${label}です！`,
      ],
      reactions: ['すごいですね！', '最高です！', 'わあ、本当に面白い！'],
      signOff: 'とても楽しいテーマでした！聞いてくださって本当にありがとうございます。また次回お会いしましょう！',
    },
  },
  pairs: {
    'expert-curious': {
      greeting: 'お招きいただきうれしいです。聞きたいことがたくさんあります。',
      questions: [
        (subject) => `${subject}について、何を知っておくべきでしょうか？`,
        (subject) => `${subject}について、もう少し詳しく教えてもらえますか？`,
        (subject) => `${subject}には、どんな背景があるのですか？`,
        (subject) => `${subject}が大事なのはなぜですか？`,
        (subject) => `${subject}について、ほかにどんなことが言えますか？`,
      ],
      answerLeads: [],
      thanks: '今日はたくさん学びました。丁寧に説明してくださってありがとうございました。',
    },
    interview: {
      greeting: '番組にお招きいただきありがとうございます。',
      questions: [
        (subject) => `${subject}について教えてください。`,
        (subject) => `初めての人に${subject}をどう説明しますか？`,
        (subject) => `リスナーが${subject}について理解しておくべきことは何ですか？`,
        (subject) => `${subject}について、どんなことをお話しいただけますか？`,
        (subject) => `${subject}について、順を追って説明してください。`,
      ],
      answerLeads: [],
      thanks: 'お招きいただきありがとうございました。楽しい時間でした。',
    },
    debate: {
      greeting: 'ただ、すべての点で意見が合うとは限りませんね。',
      questions: [
        (subject) => `${subject}については、まだ納得できません。根拠は何ですか？`,
        (subject) => `${subject}について、データは実際に何を示していますか？`,
        (subject) => `${subject}については反論させてください。なぜそれを受け入れるべきなのですか？`,
        (subject) => `${subject}をめぐる主張には疑問があります。証拠はどこにあるのでしょうか？`,
        (subject) => `${subject}を大げさに考えすぎてはいませんか？`,
      ],
      answerLeads: ['私はこう考えています。', 'この点については事実がはっきりしています。', '事実を見てみましょう。', '私ならこう言います。'],
      reactions: ['そういう見方もありますね。', 'そこは認めます。', 'そうかもしれませんが、まだ納得はできません。'],
      thanks: 'すべてに決着がついたわけではありませんが、良い議論でした。',
    },
  },
  briefings: {
    tech_news: {
      opening: (title, count) => `${title}です。テクノロジーの最新ニュースをお届けします。今日のニュースは${word(count)}件です。`,
      rundown: (labels) => `今日のヘッドラインは${list(labels)}です。`,
      greeting: 'そして私は、それが私たちにとって何を意味するのかを聞いていきます。',
      transition: (label, position, total) =>
        position === 0 ? `トップニュースは${label}です。` : position === total - 1 && total > 2 ? `そして最後のニュースは${label}です。` : `${word(position + 1)}件目のニュースは${label}です。`,
      questions: [
        (subject) => `${subject}について、何が新しいのですか？`,
        (subject) => `${subject}は、誰に影響しますか？`,
        (subject) => `${subject}は、どのくらい大きな話なのですか？`,
        (subject) => `${subject}で、何が変わったのですか？`,
      ],
      closing: (labels) => `今日のニュースは${list(labels)}でした。`,
      signOff: 'テクノロジーニュースは以上です。好奇心を忘れずに。また近いうちにお会いしましょう。',
    },
    market_update: {
      opening: (title, count) => `こんにちは。${title}、マーケット情報の時間です。今日は${word(count)}件の動きを追います。`,
      rundown: (labels) => `今日注目するのは${list(labels)}です。`,
      greeting: 'そして私は、数字の背景を解説していきます。',
      transition: (label, position) =>
        position === 0 ? `まずは${label}からです。` : [`続いて${label}です。`, `市場は${label}にも注目しています。`, `${label}についても新しい動きがあります。`][(position - 1) % 3] as string,
      questions: [
        (subject) => `${subject}は、投資家にとって何を意味しますか？`,
        (subject) => `市場は${subject}をどう受け止めていますか？`,
        (subject) => `${subject}の背景にある数字はどうなっていますか？`,
        (subject) => `${subject}のリスクはどこにありますか？`,
      ],
      closing: (labels) => `まとめると、今日は${list(labels)}を取り上げました。今後数日の動きに注目してください。`,
      signOff: 'マーケット情報は以上です。これは情報提供であり、投資助言ではありません。お聞きいただきありがとうございました。',
    },
    research_digest: {
      opening: (title, count) => `${title}へようこそ。最新の研究をまとめてお届けします。今号では${word(count)}件の研究を紹介します。`,
      rundown: (labels) => `今号で取り上げる研究は${list(labels)}です。`,
      greeting: 'そして私は、証拠が実際に何を示しているのかを聞いていきます。',
      transition: (label, position) => `${word(position + 1)}件目の研究は${label}です。`,
      questions: [
        (subject) => `研究者は${subject}について何を発見したのですか？`,
        (subject) => `${subject}は、どのように研究されたのですか？`,
        (subject) => `${subject}の研究が、この分野で重要なのはなぜですか？`,
        (subject) => `${subject}の研究には、どんな限界がありますか？`,
      ],
      closing: (labels) => `今号の主な結論は${list(labels)}に関するものです。いつものように、頼る前に元の論文を読んでください。`,
      signOff: '研究ダイジェストは以上です。一緒に読んでいただきありがとうございました。',
    },
    general: {
      opening: (title, count) => `${title}へようこそ。今日のブリーフィングでは${word(count)}件の話題をお届けします。`,
      rundown: (labels) => `このあと取り上げるのは${list(labels)}です。`,
      greeting: 'そして私は、その意味を一緒に考えていきます。',
      transition: (label, position, total) => (position === 0 ? `最初の話題は${label}です。` : position === total - 1 && total > 2 ? `最後の話題は${label}です。` : `次の話題は${label}です。`),
      questions: [
        (subject) => `${subject}で、何があったのですか？`,
        (subject) => `${subject}について、何を知っておくべきですか？`,
        (subject) => `${subject}が大切なのはなぜですか？`,
      ],
      closing: (labels) => `以上、${list(labels)}についてのブリーフィングでした。`,
      signOff: 'お聞きいただきありがとうございました。また次回お会いしましょう。',
    },
  },
  start: (label) => `まずは${label}から始めましょう。`,
  preview: (labels) => `今日取り上げるのは${list(labels)}です。`,
  recap: (labels) => `まとめると、今日は${labels.length > 0 ? list(labels) : '主なポイント'}についてお話ししました。`,
  list,
  gap: '',
  introduceHosts: (first, others) => (others.length === 0 ? `${first}です。今日はこのエピソードをお届けします。` : `${first}です。今日は${list(san(others))}と一緒にお届けします。`),
  namedGreetings: ['参加できてうれしいです。', 'どうぞよろしくお願いします。', 'このエピソードに参加できて光栄です。'],
  namedThanks: ['お招きいただきありがとうございました。楽しかったです。', 'みなさん、ありがとうございました。お疲れさまでした。'],
  greetHost: (name) => `ありがとうございます、${name}さん。`,
  thankHosts: (names) => `${list(san(names))}、ありがとうございました。`,
  address: (name, question) => `${name}さん、${question}`,
  briefingDescription: (labels) => `このブリーフィングの内容は${list(labels)}です。`,
  nextPart: '次のパート',
  thisStory: 'この話題',
  part: (number) => `パート${number}`,
  itemSource: (name) => `この記事の出典は${name}です。`,
};
