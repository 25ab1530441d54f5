// What the hosts say in Mandarin Chinese (Simplified characters, written without
// spaces, full-width punctuation). A subject sits in the sentence unchanged (关于……,
// ……是什么), counts take their measure word ("两条新闻", "三个话题"), and ordinals are
// 第 with the numeral ("第二条").
import { numberWords } from './counted.ts';
import { listFormatter, type ShowPhrasing } from '../show-phrasing.ts';

const list = listFormatter('zh');
const TENS = '三 四 五 六 七 八 九 十 十一 十二 十三 十四 十五 十六 十七 十八 十九 二十';
/** A count before a measure word says 两 for two; an ordinal says 二. */
const count = numberWords(`零 一 两 ${TENS}`.split(' ')).word;
const ordinal = numberWords(`零 一 二 ${TENS}`.split(' ')).word;

export const CHINESE: ShowPhrasing = {
  styles: {
    professional: {
      opening: (subject) => `欢迎收听本节目，感谢您的陪伴。今天我们来聊一聊${subject}。`,
      transitions: [
        (label) => `接下来，我们来看${label}。`,
        (label) => `下面进入下一个话题：${label}。`,
        (label) => `这就引出了${label}。`,
        (label) => `现在我们来探讨${label}。`,
      ],
      reactions: ['这一点很有帮助。', '这一点值得注意。', '这有助于理解。'],
      signOff: '本期节目到这里就结束了，感谢您的收听。',
    },
    casual: {
      opening: (subject) => `大家好，谢谢收听！今天我们随便聊聊${subject}。`,
      transitions: [
        (label) => `好，那我们来聊聊${label}吧。`,
        (label) => `那么接下来说说${label}。`,
        (label) => `我们换个话题，聊聊${label}。`,
        (label) => `我还想聊的下一件事是${label}。`,
      ],
      reactions: ['哇，这个我还真不知道。', '有道理。', '嗯，这个挺酷的。'],
      signOff: '今天就到这里。谢谢大家的陪伴，我们下次见！',
    },
    educational: {
      opening: (subject) => `欢迎回来，感谢和我们一起学习。在这一期里，我们将学习${subject}。`,
      transitions: [
        (label) => `我们的下一个主题是${label}。`,
        (label) => `我们继续往下，学习${label}。`,
        (label) => `现在我们来学习${label}。`,
        (label) => `这节课的下一部分讲的是${label}。`,
      ],
      reactions: ['这个解释很清楚。', '让我确认一下我理解得对不对。', '这是一个很重要的观点。'],
      signOff: '这就是今天的重点内容。请复习这些要点，感谢和我们一起学习。',
    },
    enthusiastic: {
      opening: (subject) => `欢迎大家，很高兴见到你们！今天能聊${subject}，我真是太兴奋了！`,
      transitions: [
        (label) => `现在让我们深入${label}！`,
        (label) => `接下来我们要聊的是${label}！`,
        (label) => `我们马上进入${label}！`,
        (label) => `准备好，接下来是${label}！`,
      ],
      reactions: ['太棒了！', '我太喜欢了！', '哇，真是太有意思了！'],
      signOff: '这个话题真有意思！非常感谢大家的收听，我们下次见！',
    },
  },
  pairs: {
    'expert-curious': {
      greeting: '很高兴来到这里，我有很多问题想问。',
      questions: [
        (subject) => `关于${subject}，我们应该知道些什么？`,
        (subject) => `能再多讲讲${subject}吗？`,
        (subject) => `${subject}背后有什么故事？`,
        (subject) => `我们为什么应该关注${subject}？`,
        (subject) => `关于${subject}，还有什么可以说的？`,
      ],
      answerLeads: [],
      thanks: '今天我学到了很多，谢谢你的讲解。',
    },
    interview: {
      greeting: '谢谢邀请我来参加节目。',
      questions: [
        (subject) => `请给我们介绍一下${subject}。`,
        (subject) => `你会怎样向新手解释${subject}？`,
        (subject) => `关于${subject}，我们的听众应该了解什么？`,
        (subject) => `关于${subject}，你能跟我们说些什么？`,
        (subject) => `请一步一步地带我们了解${subject}。`,
      ],
      answerLeads: [],
      thanks: '谢谢邀请，很荣幸参加。',
    },
    debate: {
      greeting: '我猜我们不会在所有问题上都意见一致。',
      questions: [
        (subject) => `关于${subject}的说法，我并不信服。理由是什么？`,
        (subject) => `关于${subject}，数据究竟说明了什么？`,
        (subject) => `关于${subject}，请允许我提出异议。我们为什么要接受这种说法？`,
        (subject) => `我对有关${subject}的说法存有疑问。证据在哪里？`,
        (subject) => `我们是不是把${subject}看得太重了？`,
      ],
      answerLeads: ['我是这样看的。', '在这一点上，事实很清楚。', '我们来看事实。', '我会这样说。'],
      reactions: ['这是一种看法。', '这一点我承认。', '也许吧，但我还是没被说服。'],
      thanks: '我们没有把所有问题都谈清楚，但这是一场很好的辩论。',
    },
  },
  briefings: {
    tech_news: {
      opening: (title, items) => `这里是${title}，为您带来科技新闻速递。今天我们为您准备了${count(items)}条新闻。`,
      rundown: (labels) => `今天的头条有：${list(labels)}。`,
      greeting: '我来问问，这一切对我们普通人意味着什么。',
      transition: (label, position, total) =>
        position === 0 ? `今天的头条新闻是${label}。` : position === total - 1 && total > 2 ? `最后一条新闻是${label}。` : `第${ordinal(position + 1)}条新闻是${label}。`,
      questions: [
        (subject) => `${subject}有什么新进展？`,
        (subject) => `${subject}会影响到谁？`,
        (subject) => `${subject}这件事有多重要？`,
        (subject) => `${subject}发生了什么变化？`,
      ],
      closing: (labels) => `以上就是今天的新闻：${list(labels)}。`,
      signOff: '今天的科技速递就到这里。保持好奇心，我们很快再见。',
    },
    market_update: {
      opening: (title, items) => `您好，欢迎收听${title}，为您带来市场动态。今天我们关注${count(items)}个动向。`,
      rundown: (labels) => `我们关注的动向有：${list(labels)}。`,
      greeting: '我来帮大家解读这些数字。',
      transition: (label, position) =>
        position === 0 ? `我们先从${label}说起。` : [`下面来看${label}。`, `市场同样关注${label}。`, `关于${label}，也有新的消息。`][(position - 1) % 3] as string,
      questions: [
        (subject) => `${subject}对投资者意味着什么？`,
        (subject) => `市场如何解读${subject}？`,
        (subject) => `${subject}背后的数字是怎样的？`,
        (subject) => `${subject}的风险在哪里？`,
      ],
      closing: (labels) => `总结一下，我们关注了${list(labels)}。请在接下来几天留意这些动向。`,
      signOff: '以上就是市场动态。本节目仅供参考，不构成投资建议。感谢您的收听。',
    },
    research_digest: {
      opening: (title, items) => `欢迎收听${title}，为您梳理最新研究。本期我们回顾${count(items)}项研究。`,
      rundown: (labels) => `本期涉及的研究有：${list(labels)}。`,
      greeting: '我会追问证据究竟说明了什么。',
      transition: (label, position) => `第${ordinal(position + 1)}项研究是${label}。`,
      questions: [
        (subject) => `研究人员在${subject}方面发现了什么？`,
        (subject) => `${subject}是怎样研究的？`,
        (subject) => `${subject}的研究为什么对这个领域很重要？`,
        (subject) => `${subject}的研究有哪些局限？`,
      ],
      closing: (labels) => `本期的主要结论涉及${list(labels)}。和往常一样，在引用之前请先阅读原始研究。`,
      signOff: '本期研究速览就到这里。感谢您和我们一起阅读。',
    },
    general: {
      opening: (title, items) => `欢迎收听${title}。这是您的简报，今天有${count(items)}个话题。`,
      rundown: (labels) => `接下来有：${list(labels)}。`,
      greeting: '我来帮大家理清头绪。',
      transition: (label, position, total) => (position === 0 ? `首先是${label}。` : position === total - 1 && total > 2 ? `最后一个话题是${label}。` : `下一个话题是${label}。`),
      questions: [
        (subject) => `${subject}发生了什么？`,
        (subject) => `关于${subject}，我们应该知道什么？`,
        (subject) => `${subject}为什么重要？`,
      ],
      closing: (labels) => `以上就是关于${list(labels)}的简报。`,
      signOff: '感谢收听，我们下次再见。',
    },
  },
  start: (label) => `我们先从${label}开始。`,
  preview: (labels) => `今天我们要聊的有${list(labels)}。`,
  recap: (labels) => `总结一下，今天我们聊了${labels.length > 0 ? list(labels) : '主要内容'}。`,
  list,
  gap: '',
  introduceHosts: (first, others) => (others.length === 0 ? `我是${first}，今天由我来主持这期节目。` : `我是${first}，和我一起的还有${list(others)}。`),
  namedGreetings: ['很高兴来到这里。', '很高兴加入大家。', '很荣幸参加这一期节目。'],
  namedThanks: ['谢谢邀请，今天聊得很开心。', '很荣幸，谢谢大家。'],
  greetHost: (name) => `谢谢，${name}。`,
  thankHosts: (names) => `谢谢${list(names)}。`,
  address: (name, question) => `${name}，${question}`,
  briefingDescription: (labels) => `本期简报内容：${list(labels)}。`,
  nextPart: '下一部分',
  thisStory: '这个话题',
  part: (number) => `第${number}部分`,
  itemSource: (name) => `本条消息来自${name}。`,
};
