// The formats' words in Hindi (format-phrasing.ts): Devanagari sentences ending in "।", a
// subject after a colon or before "के बारे में", and verb forms that do not agree with the
// speaker's gender ("हम", the polite imperative, the passive), so any voice says any line.
import type { FormatPhrasing } from '../format-phrasing.ts';
import { listFormatter } from '../show-phrasing.ts';

const list = listFormatter('hi');

export const HINDI_FORMATS: FormatPhrasing = {
  brief: {
    opening: (subject, points) => `यह रहा इस विषय का सार: ${subject}। इसमें ${points === 1 ? 'एक मुख्य बात है' : `${points} मुख्य बातें हैं`}, और कुछ नहीं।`,
    point: (label, position, total) => (position === total - 1 && total > 1 ? `आखिरी बात यह है: ${label}।` : `बात नंबर ${position + 1} यह है: ${label}।`),
    closing: (labels) => (labels.length > 1 ? `ये थीं मुख्य बातें: ${list(labels)}।` : 'यही थी मुख्य बात।'),
  },
  debate: {
    for: (subject) => `हमारा पक्ष यह है कि स्रोत इस बारे में सही है: ${subject}।`,
    against: (subject) => `और हमारा पक्ष इसका उल्टा है: स्रोत इस बारे में बढ़ा-चढ़ाकर कहता है: ${subject}।`,
    counters: ['स्रोत खुद हमारा सबूत देता है।', 'देखिए, स्रोत खुद क्या मानता है।', 'हमारे पक्ष का आधार यहाँ मिलता है।'],
    challenges: [
      (subject) => `इस बारे में जो कहा गया है, उससे बात नहीं बनती: ${subject}। सबूत कहाँ है?`,
      (subject) => `इस बारे में किए गए दावे क्यों माने जाएँ: ${subject}?`,
      (subject) => `क्या इस बारे में पूरा तर्क बहुत कम आधार पर नहीं टिका है: ${subject}?`,
    ],
    rebuttals: ['तथ्य इसका जवाब देते हैं।', 'तो बाकी सबूत भी देखिए।', 'स्रोत इससे आगे जाता है।'],
    closings: [
      (subject) => `हम अब भी कहते हैं कि स्रोत इस बारे में सही है: ${subject}।`,
      (subject) => `और हम अब भी कहते हैं कि वह इस बारे में बढ़ा-चढ़ाकर कहता है: ${subject}। फैसला सुनने वाले खुद करें।`,
    ],
  },
  critique: {
    strengths: [
      (label) => `स्रोत इस बिंदु पर अच्छा काम करता है: ${label}।`,
      (label) => `इसकी एक और खूबी यह है कि यह इस विषय को कैसे संभालता है: ${label}।`,
      (label) => `यह इस पर भी विश्वसनीय लगता है: ${label}।`,
    ],
    missesTitle: 'स्रोत में क्या छूट गया',
    missesOpening: 'अब देखते हैं कि स्रोत में क्या छूट गया।',
    hedged: 'यहाँ यह बात सिर्फ एक संभावना के तौर पर कही गई है।',
    noFigures: (label) => `इस बिंदु पर कोई आँकड़ा नहीं दिया गया जिसे जाँचा जा सके: ${label}।`,
    mentionedOnce: (phrase) => `इसका ज़िक्र बस एक बार होता है और फिर बात आगे नहीं बढ़ती: ${phrase}।`,
    nothingMissing: 'इसमें कमी ढूँढना मुश्किल है: हर हिस्सा अपना सबूत देता है।',
    verdict: (strengths) => `कुल मिलाकर, स्रोत इन बिंदुओं पर सबसे मज़बूत है: ${list(strengths)}, और कुछ सवाल खुले छोड़ता है।`,
  },
  interview: {
    introduceGuest: (subject) => `आज हमारे मेहमान ने इस विषय का गहराई से अध्ययन किया है: ${subject}। पूछने के लिए बहुत कुछ है।`,
    guestGreeting: 'बुलाने के लिए धन्यवाद। सब कुछ खुशी से समझाया जाएगा।',
    followUps: ['इस बारे में और बताइए।', 'यह क्यों मायने रखता है?', 'इससे क्या समझा जाए?', 'यह कैसे पता चलता है?'],
    takeaway: 'जाने से पहले बताइए, सुनने वाले इन सब से क्या सीख लेकर जाएँ?',
  },
  reactions: {
    backchannel: ['हम्म।', 'सही।', 'हाँ।', 'अच्छा।', 'समझ गए।', 'ठीक है।', 'बात सही है।'],
    surprise: ['वाह!', 'सच में?', 'दिलचस्प!', 'अच्छा, सच?', 'कमाल है!'],
  },
};
