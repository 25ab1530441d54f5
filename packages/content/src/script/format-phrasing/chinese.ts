// The formats' words in Mandarin Chinese (format-phrasing.ts): Simplified characters without
// spaces and full-width punctuation, a subject in the sentence unchanged (关于……).
import type { FormatPhrasing } from '../format-phrasing.ts';
import { listFormatter } from '../show-phrasing.ts';

const list = listFormatter('zh');
const NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
const COUNTS = ['一', '两', '三', '四', '五', '六', '七', '八', '九', '十'];

export const CHINESE_FORMATS: FormatPhrasing = {
  brief: {
    opening: (subject, points) => `下面是关于${subject}的简报，一共只有${COUNTS[points - 1] ?? String(points)}个要点。`,
    point: (label, position, total) => (position === total - 1 && total > 1 ? `最后一个要点是${label}。` : `第${NUMERALS[position] ?? String(position + 1)}个要点是${label}。`),
    closing: (labels) => (labels.length > 1 ? `以上就是主要的几点：${list(labels)}。` : '以上就是主要的一点。'),
  },
  debate: {
    for: (subject) => `我认为原文关于${subject}的说法是对的。`,
    against: (subject) => `我持相反的观点：原文关于${subject}的说法言过其实。`,
    counters: ['原文本身就给了我证据。', '看看原文自己承认了什么。', '我的立场在这里找到了依据。'],
    challenges: [
      (subject) => `关于${subject}的说法我不太信服。证据在哪里？`,
      (subject) => `我们为什么要接受关于${subject}的这些说法？`,
      (subject) => `关于${subject}的论证是不是依据太少了？`,
    ],
    rebuttals: ['事实已经回答了这个问题。', '那就再看看其余的证据。', '原文说得比这更深入。'],
    closings: [
      (subject) => `我仍然认为原文关于${subject}的说法是对的。`,
      (subject) => `我仍然认为原文关于${subject}的说法言过其实，请听众自己判断。`,
    ],
  },
  critique: {
    strengths: [
      (label) => `原文在${label}这一点上做得很好。`,
      (label) => `另一个优点是它对${label}的处理。`,
      (label) => `它在${label}上也很有说服力。`,
    ],
    missesTitle: '原文遗漏了什么',
    missesOpening: '接下来我们看看原文遗漏了什么。',
    hedged: '这里它只是提出了一种可能。',
    noFigures: (label) => `关于${label}，它没有给出可以核实的数字。`,
    mentionedOnce: (phrase) => `它只提到了一次${phrase}，之后再也没有展开。`,
    nothingMissing: '很难找到遗漏之处：每一部分都给出了证据。',
    verdict: (strengths) => `总的来说，原文在${list(strengths)}上最有说服力，但也留下了一些问题。`,
  },
  interview: {
    introduceGuest: (subject) => `今天的嘉宾对${subject}做过深入研究，我有很多问题想问。`,
    guestGreeting: '谢谢邀请，我很乐意为大家讲解。',
    followUps: ['能再多说一点吗？', '这为什么重要？', '我们该怎么理解这一点？', '我们是怎么知道的？'],
    takeaway: '最后，听众应该从这些内容中记住什么？',
  },
  reactions: {
    backchannel: ['嗯嗯。', '对。', '是的。', '好的。', '明白。', '确实。', '有道理。'],
    surprise: ['哇。', '真的吗？', '有意思。', '是吗？', '太厉害了。'],
  },
};
