// What the hosts say in Hindi (Devanagari, sentences ending in the danda "।"). The
// listeners and the hosts are "आप"; a subject stands before a postposition ("के बारे
// में") or after a colon. Hindi verbs agree with the speaker's gender in the first
// person, so the hosts speak in forms that do not (the polite imperative, "हम", the
// passive): any voice can say any line. Names are addressed with "जी".
import { numberWords } from './counted.ts';
import { listFormatter, type ShowPhrasing } from '../show-phrasing.ts';

const list = listFormatter('hi');
const { word } = numberWords('शून्य एक दो तीन चार पाँच छह सात आठ नौ दस ग्यारह बारह तेरह चौदह पंद्रह सोलह सत्रह अठारह उन्नीस बीस'.split(' '));
/** "एक खबर", "तीन खबरें": singular and plural forms are written out (nouns inflect for number and case). */
const counted = (count: number, one: string, many: string) => (count === 1 ? `एक ${one}` : `${word(count)} ${many}`);

export const HINDI: ShowPhrasing = {
  styles: {
    professional: {
      opening: (subject) => `कार्यक्रम में आपका स्वागत है, और हमारे साथ जुड़ने के लिए धन्यवाद। आज हमारा विषय है: ${subject}।`,
      transitions: [
        (label) => `अब हम अगले विषय पर चलते हैं: ${label}।`,
        (label) => `आगे हम इस पहलू पर बात करेंगे: ${label}।`,
        (label) => `इससे हम एक नए विषय पर आते हैं: ${label}।`,
        (label) => `अब हम इस बिंदु पर ध्यान देते हैं: ${label}।`,
      ],
      reactions: ['यह बहुत उपयोगी बात है।', 'यह ध्यान देने लायक है।', 'इससे बात समझने में मदद मिलती है।'],
      signOff: 'इसी के साथ यह एपिसोड समाप्त होता है। सुनने के लिए धन्यवाद।',
    },
    casual: {
      opening: (subject) => `नमस्ते दोस्तो, आने के लिए शुक्रिया! आज हम इस बारे में गपशप करेंगे: ${subject}।`,
      transitions: [
        (label) => `चलिए, अब इसकी बात करते हैं: ${label}।`,
        (label) => `तो अब अगली चीज़ पर चलते हैं: ${label}।`,
        (label) => `थोड़ा विषय बदलते हैं: ${label}।`,
        (label) => `अगली बात, जिस पर हम आना चाहते थे: ${label}।`,
      ],
      reactions: ['अरे, यह तो पता ही नहीं था।', 'बात तो सही है।', 'वाह, यह तो बढ़िया है।'],
      signOff: 'आज के लिए बस इतना ही। हमारे साथ समय बिताने के लिए शुक्रिया, फिर मिलेंगे!',
    },
    educational: {
      opening: (subject) => `फिर से स्वागत है, और हमारे साथ सीखने के लिए धन्यवाद। इस एपिसोड में हम इस विषय के बारे में सीखेंगे: ${subject}।`,
      transitions: [
        (label) => `हमारा अगला विषय है: ${label}।`,
        (label) => `आइए आगे बढ़ें और इस बिंदु को समझें: ${label}।`,
        (label) => `अब हम इसके बारे में सीखते हैं: ${label}।`,
        (label) => `हमारे पाठ का अगला हिस्सा इस विषय पर है: ${label}।`,
      ],
      reactions: ['इसे समझाने का यह बहुत अच्छा तरीका है।', 'ज़रा देखें कि यह बात ठीक से समझ में आई या नहीं।', 'यह एक महत्वपूर्ण विचार है।'],
      signOff: 'आज की मुख्य बातें यही थीं। इन बिंदुओं को दोहराइए, और हमारे साथ सीखने के लिए धन्यवाद।',
    },
    enthusiastic: {
      opening: (subject) => `आप सभी का स्वागत है, आपको यहाँ देखकर बहुत खुशी हुई! आज इस विषय पर बात करने के लिए हम बहुत उत्साहित हैं: ${subject}!`,
      transitions: [
        (label) => `अब इस विषय में गोता लगाते हैं: ${label}!`,
        (label) => `और अब बात करते हैं इसकी: ${label}!`,
        (label) => `चलिए, सीधे इस पर आते हैं: ${label}!`,
        (label) => `तैयार हो जाइए, क्योंकि अब बारी है इसकी: ${label}!`,
      ],
      reactions: ['यह तो कमाल है!', 'बहुत बढ़िया!', 'वाह, कितना दिलचस्प है!'],
      signOff: 'यह बहुत मज़ेदार विषय था! सुनने के लिए बहुत-बहुत धन्यवाद, और फिर मिलेंगे!',
    },
  },
  pairs: {
    'expert-curious': {
      greeting: 'यहाँ आकर बहुत अच्छा लगा, और मेरे पास ढेर सारे सवाल हैं।',
      questions: [
        (subject) => `तो ${subject} के बारे में हमें क्या जानना चाहिए?`,
        (subject) => `${subject} के बारे में थोड़ा और बताइए।`,
        (subject) => `${subject} के पीछे की कहानी क्या है?`,
        (subject) => `हमें ${subject} की परवाह क्यों करनी चाहिए?`,
        (subject) => `${subject} के बारे में और क्या कहा जा सकता है?`,
      ],
      answerLeads: [],
      thanks: 'आज बहुत कुछ सीखने को मिला, सब कुछ समझाने के लिए धन्यवाद।',
    },
    interview: {
      greeting: 'कार्यक्रम में बुलाने के लिए धन्यवाद।',
      questions: [
        (subject) => `${subject} के बारे में हमें बताइए।`,
        (subject) => `किसी नए व्यक्ति को ${subject} कैसे समझाया जाए?`,
        (subject) => `हमारे श्रोताओं को ${subject} के बारे में क्या समझना चाहिए?`,
        (subject) => `${subject} के बारे में हमें और क्या पता होना चाहिए?`,
        (subject) => `${subject} को हमें कदम-दर-कदम समझाइए।`,
      ],
      answerLeads: [],
      thanks: 'बुलाने के लिए शुक्रिया, बात करके बहुत अच्छा लगा।',
    },
    debate: {
      greeting: 'और लगता है कि हम हर बात पर सहमत नहीं होंगे।',
      questions: [
        (subject) => `${subject} के बारे में जो कहा जाता है, उससे सहमत होना मुश्किल है। इसके पक्ष में क्या तर्क हैं?`,
        (subject) => `${subject} के बारे में आँकड़े असल में क्या कहते हैं?`,
        (subject) => `${subject} के बारे में किए गए दावों पर मुझे संदेह है। हम उन्हें क्यों मानें?`,
        (subject) => `${subject} से जुड़े दावों पर मेरा सवाल है। सबूत कहाँ हैं?`,
        (subject) => `क्या हम ${subject} को ज़रूरत से ज़्यादा महत्व नहीं दे रहे?`,
      ],
      answerLeads: ['मेरी नज़र में बात यह है।', 'इस पर तथ्य साफ़ हैं।', 'आइए, तथ्यों पर नज़र डालें।', 'इसे इस तरह समझिए।'],
      reactions: ['यह इसे देखने का एक तरीका है।', 'इतनी बात तो माननी पड़ेगी।', 'हो सकता है, पर मुझे अब भी यकीन नहीं है।'],
      thanks: 'हमने सब कुछ तय नहीं किया, लेकिन बहस अच्छी रही।',
    },
  },
  briefings: {
    tech_news: {
      opening: (title, count) => `यह है ${title}, तकनीक की दुनिया की ताज़ा खबरें। आज आपके लिए ${count === 1 ? 'एक खबर है' : `${word(count)} खबरें हैं`}।`,
      rundown: (labels) => `आज की सुर्खियाँ हैं: ${list(labels)}।`,
      greeting: 'और मैं यह पूछने के लिए यहाँ हूँ कि हम सबके लिए इसका क्या मतलब है।',
      transition: (label, position, total) =>
        position === 0 ? `हमारी सबसे बड़ी खबर: ${label}।` : position === total - 1 && total > 2 ? `और आख़िर में, हमारी आख़िरी खबर: ${label}।` : `खबर नंबर ${word(position + 1)}: ${label}।`,
      questions: [
        (subject) => `${subject} में नया क्या है?`,
        (subject) => `${subject} का असर किस पर पड़ेगा?`,
        (subject) => `${subject} कितनी बड़ी बात है?`,
        (subject) => `${subject} में क्या बदला है?`,
      ],
      closing: (labels) => `ये थीं आज की खबरें: ${list(labels)}।`,
      signOff: 'आज की तकनीकी खबरें बस इतनी ही। जिज्ञासु बने रहिए, हम जल्द ही और खबरों के साथ लौटेंगे।',
    },
    market_update: {
      opening: (title, count) => `नमस्कार, और ${title} में आपका स्वागत है, आपका बाज़ार अपडेट। आज हम ${counted(count, 'घटनाक्रम', 'घटनाक्रमों')} पर नज़र रख रहे हैं।`,
      rundown: (labels) => `आज हम इन पर नज़र रख रहे हैं: ${list(labels)}।`,
      greeting: 'और आँकड़ों को सही संदर्भ में रखना मेरा काम रहेगा।',
      transition: (label, position) =>
        position === 0
          ? `शुरुआत इससे करते हैं: ${label}।`
          : [`अब बात करते हैं इसकी: ${label}।`, `बाज़ार की नज़र इस पर भी है: ${label}।`, `इस पर भी नई जानकारी है: ${label}।`][(position - 1) % 3] as string,
      questions: [
        (subject) => `निवेशकों के लिए ${subject} का क्या मतलब है?`,
        (subject) => `बाज़ार ${subject} को कैसे देख रहा है?`,
        (subject) => `${subject} के पीछे के आँकड़े क्या हैं?`,
        (subject) => `${subject} में जोखिम कहाँ है?`,
      ],
      closing: (labels) => `संक्षेप में, हमने इन पर नज़र डाली: ${list(labels)}। आने वाले दिनों में इन पर ध्यान रखिए।`,
      signOff: 'यह था बाज़ार अपडेट। यह जानकारी है, निवेश की सलाह नहीं। सुनने के लिए धन्यवाद।',
    },
    research_digest: {
      opening: (title, count) => `${title} में आपका स्वागत है, नए शोध का सार। इस अंक में हम ${counted(count, 'शोध कार्य', 'शोध कार्यों')} की समीक्षा करते हैं।`,
      rundown: (labels) => `इस अंक के शोध इन विषयों पर हैं: ${list(labels)}।`,
      greeting: 'और सवाल यह रहेगा कि सबूत असल में क्या दिखाते हैं।',
      transition: (label, position) => `शोध कार्य नंबर ${word(position + 1)}: ${label}।`,
      questions: [
        (subject) => `शोधकर्ताओं ने ${subject} के बारे में क्या पाया?`,
        (subject) => `${subject} का अध्ययन कैसे किया गया?`,
        (subject) => `इस क्षेत्र के लिए ${subject} पर हुआ काम क्यों मायने रखता है?`,
        (subject) => `${subject} पर हुए काम की सीमाएँ क्या हैं?`,
      ],
      closing: (labels) => `इस अंक के मुख्य निष्कर्ष इन विषयों से जुड़े हैं: ${list(labels)}। हमेशा की तरह, भरोसा करने से पहले मूल शोध ज़रूर पढ़िए।`,
      signOff: 'इस शोध सार में बस इतना ही। हमारे साथ पढ़ने के लिए धन्यवाद।',
    },
    general: {
      opening: (title, count) => `${title} में आपका स्वागत है। यह रहा आपका बुलेटिन, आज ${counted(count, 'विषय', 'विषयों')} के साथ।`,
      rundown: (labels) => `आगे आने वाला है: ${list(labels)}।`,
      greeting: 'और मैं यहाँ सब कुछ समझने में मदद के लिए हूँ।',
      transition: (label, position, total) => (position === 0 ? `सबसे पहले: ${label}।` : position === total - 1 && total > 2 ? `हमारा आख़िरी विषय: ${label}।` : `अगला विषय: ${label}।`),
      questions: [
        (subject) => `${subject} के साथ क्या हुआ?`,
        (subject) => `${subject} के बारे में हमें क्या जानना चाहिए?`,
        (subject) => `${subject} क्यों मायने रखता है?`,
      ],
      closing: (labels) => `यह था आपका बुलेटिन, इन विषयों पर: ${list(labels)}।`,
      signOff: 'सुनने के लिए धन्यवाद, फिर मिलेंगे।',
    },
  },
  start: (label) => `चलिए, पहले विषय से शुरू करते हैं: ${label}।`,
  preview: (labels) => `आज के विषय हैं: ${list(labels)}।`,
  recap: (labels) => (labels.length > 1 ? `संक्षेप में, आज हमने इन विषयों पर बात की: ${list(labels)}।` : `संक्षेप में, आज का विषय था: ${labels[0] ?? 'मुख्य बातें'}।`),
  list,
  gap: ' ',
  introduceHosts: (first, others) => (others.length === 0 ? `मैं ${first} हूँ, और आज इस एपिसोड में आपके साथ हूँ।` : `मैं ${first} हूँ, और मेरे साथ हैं ${list(others)}।`),
  namedGreetings: ['यहाँ आकर अच्छा लगा।', 'आप सबके साथ जुड़कर खुशी हुई।', 'इस एपिसोड का हिस्सा बनकर बहुत खुशी हो रही है।'],
  namedThanks: ['बुलाने के लिए धन्यवाद, बहुत मज़ा आया।', 'बहुत अच्छा लगा, आप सबका धन्यवाद।'],
  greetHost: (name) => `धन्यवाद, ${name} जी।`,
  thankHosts: (names) => `बहुत-बहुत धन्यवाद, ${list(names)}।`,
  address: (name, question) => `${name} जी, ${question}`,
  briefingDescription: (labels) => `इस बुलेटिन में: ${list(labels)}।`,
  nextPart: 'अगला हिस्सा',
  thisStory: 'यह कहानी',
  part: (number) => `भाग ${number}`,
  itemSource: (name) => `यह खबर ${name} से है।`,
};
