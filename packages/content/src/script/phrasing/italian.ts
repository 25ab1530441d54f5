// What the hosts say in Italian. The listeners are "voi", the hosts "tu" to each other
// (an interviewer says "Lei" to the guest). Italian contracts di, a, da, in and su with
// the article ("del", "sul"), so a subject follows a verb, "riguarda", or "un tema
// come", and a section's name follows a colon. No line depends on the speaker's gender.
import { numberWords } from './counted.ts';
import { listFormatter, lowerFirst, type ShowPhrasing } from '../show-phrasing.ts';

const list = listFormatter('it');
const { word, counted } = numberWords('zero uno due tre quattro cinque sei sette otto nove dieci undici dodici tredici quattordici quindici sedici diciassette diciotto diciannove venti'.split(' '));

export const ITALIAN: ShowPhrasing = {
  styles: {
    professional: {
      opening: (subject) => `Benvenuti alla trasmissione, e grazie di essere con noi. Oggi parliamo di questo argomento: ${subject}.`,
      transitions: [
        (label) => `Passiamo al punto successivo: ${label}.`,
        (label) => `Affrontiamo ora un altro aspetto: ${label}.`,
        (label) => `Questo ci porta a un nuovo tema: ${label}.`,
        (label) => `Soffermiamoci ora su questo punto: ${label}.`,
      ],
      reactions: ['È un punto molto utile.', 'Vale la pena sottolinearlo.', 'Questo aiuta a capire meglio.'],
      signOff: "Siamo arrivati alla fine di questo episodio. Grazie per l'ascolto.",
    },
    casual: {
      opening: (subject) => `Ciao a tutti, grazie di essere qui! Oggi chiacchieriamo di questo: ${subject}.`,
      transitions: [
        (label) => `Allora, adesso parliamo di questo: ${label}.`,
        (label) => `Andiamo avanti con la prossima cosa: ${label}.`,
        (label) => `Cambiamo un po' argomento: ${label}.`,
        (label) => `Ecco la prossima cosa di cui volevo parlare: ${label}.`,
      ],
      reactions: ['Ah, non lo sapevo.', 'Ha senso.', 'Però, che bello.'],
      signOff: 'Per oggi è tutto. Grazie per averci fatto compagnia, e alla prossima!',
    },
    educational: {
      opening: (subject) => `Bentornati, e grazie di imparare con noi. In questo episodio scopriremo questo argomento: ${subject}.`,
      transitions: [
        (label) => `Il nostro prossimo tema è questo: ${label}.`,
        (label) => `Andiamo avanti e studiamo questo punto: ${label}.`,
        (label) => `Ora impariamo qualcosa su questo: ${label}.`,
        (label) => `La prossima parte della lezione riguarda ${label}.`,
      ],
      reactions: ['È un modo molto chiaro di spiegarlo.', 'Fammi controllare di aver capito bene.', "È un'idea importante."],
      signOff: 'Questi sono i contenuti chiave di oggi. Ripassate questi punti, e grazie di aver imparato con noi.',
    },
    enthusiastic: {
      opening: (subject) => `Benvenuti a tutti, che bello avervi qui! Non vedo l'ora di parlare oggi di questo argomento: ${subject}!`,
      transitions: [
        (label) => `Adesso tuffiamoci in questo tema: ${label}!`,
        (label) => `E ora si parla di questo: ${label}!`,
        (label) => `Buttiamoci subito su questo: ${label}!`,
        (label) => `Preparatevi, perché adesso arriva questo: ${label}!`,
      ],
      reactions: ['È incredibile!', 'Lo adoro!', 'Wow, che affascinante!'],
      signOff: "È stato un argomento divertentissimo! Grazie mille per l'ascolto, e alla prossima!",
    },
  },
  pairs: {
    'expert-curious': {
      greeting: 'È un piacere essere qui, e ho un sacco di domande.',
      questions: [
        (subject) => `Allora, che cosa dovremmo sapere su questo tema: ${subject}?`,
        (subject) => `Puoi spiegarmi meglio ${subject}?`,
        (subject) => `Qual è la storia che riguarda ${subject}?`,
        (subject) => `Perché dovrebbe interessarci un tema come ${subject}?`,
        (subject) => `Che altro si può dire su un tema come ${subject}?`,
      ],
      answerLeads: [],
      thanks: 'Oggi ho imparato tantissimo, quindi grazie per avermi spiegato tutto.',
    },
    interview: {
      greeting: "Grazie per l'invito in trasmissione.",
      questions: [
        (subject) => `Ci parli di un tema come ${subject}.`,
        (subject) => `Come spiegherebbe ${subject} a chi è alle prime armi?`,
        (subject) => `Che cosa dovrebbero capire i nostri ascoltatori su un tema come ${subject}?`,
        (subject) => `Che cosa può dirci su un tema come ${subject}?`,
        (subject) => `Ci accompagni passo dopo passo attraverso un tema come ${subject}.`,
      ],
      answerLeads: [],
      thanks: "Grazie per l'invito, è stato un piacere.",
    },
    debate: {
      greeting: "E sospetto che non saremo d'accordo su tutto.",
      questions: [
        (subject) => `Non mi convince quello che si dice su un tema come ${subject}. Quali sono gli argomenti?`,
        (subject) => `Che cosa dicono davvero i dati su un tema come ${subject}?`,
        (subject) => `Lascia che metta in dubbio ciò che si afferma riguardo a un tema come ${subject}. Perché dovremmo accettarlo?`,
        (subject) => `Metterei in discussione le affermazioni che riguardano ${subject}. Dove sono le prove?`,
        (subject) => `Non stiamo esagerando l'importanza di un tema come ${subject}?`,
      ],
      answerLeads: ['Ecco come la vedo io.', 'I fatti sono chiari su questo.', 'Guardiamo i fatti.', 'La metterei così.'],
      reactions: ['È un modo di vederla.', 'Questo te lo concedo.', 'Forse, ma la cosa non mi convince ancora.'],
      thanks: 'Non abbiamo risolto tutto, ma è stata una bella discussione.',
    },
  },
  briefings: {
    tech_news: {
      opening: (title, count) => `Questo è ${title}, la vostra rassegna delle novità tecnologiche. Oggi abbiamo ${counted(count, 'una notizia', 'notizie')} per voi.`,
      rundown: (labels) => `Ecco i titoli: ${list(labels)}.`,
      greeting: 'E io sono qui per chiedere che cosa significa tutto questo per noi.',
      transition: (label, position, total) =>
        position === 0 ? `La notizia principale: ${label}.` : position === total - 1 && total > 2 ? `E infine, la nostra ultima notizia: ${label}.` : `Notizia numero ${word(position + 1)}: ${label}.`,
      questions: [
        (subject) => `Quali sono le novità su un tema come ${subject}?`,
        (subject) => `Chi è coinvolto in ciò che riguarda ${subject}?`,
        (subject) => `Quanto conta davvero ciò che riguarda ${subject}?`,
        (subject) => `Che cosa è cambiato per quanto riguarda ${subject}?`,
      ],
      closing: (labels) => `Queste erano le notizie di oggi: ${list(labels)}.`,
      signOff: 'Per oggi è tutto dalla rassegna tecnologica. Restate curiosi, e a presto con altre novità.',
    },
    market_update: {
      opening: (title, count) => `Buongiorno, e benvenuti a ${title}, il vostro aggiornamento sui mercati. Oggi seguiamo ${counted(count, 'una vicenda', 'vicende')}.`,
      rundown: (labels) => `Le vicende che seguiamo sono queste: ${list(labels)}.`,
      greeting: 'E io aiuterò a mettere i numeri nel giusto contesto.',
      transition: (label, position) =>
        position === 0
          ? `Cominciamo da questa vicenda: ${label}.`
          : [`Passiamo ora a questo: ${label}.`, `I mercati seguono anche questo: ${label}.`, `Abbiamo novità anche per quanto riguarda ${label}.`][(position - 1) % 3] as string,
      questions: [
        (subject) => `Che cosa significa per gli investitori ciò che riguarda ${subject}?`,
        (subject) => `Come leggono i mercati ciò che riguarda ${subject}?`,
        (subject) => `Quali sono i numeri che riguardano ${subject}?`,
        (subject) => `Dove sta il rischio per quanto riguarda ${subject}?`,
      ],
      closing: (labels) => `Riassumendo, abbiamo esaminato queste vicende: ${list(labels)}. Seguitele da vicino nei prossimi giorni.`,
      signOff: "Questo era l'aggiornamento sui mercati. Si tratta di informazione, non di consulenza sugli investimenti. Grazie per l'ascolto.",
    },
    research_digest: {
      opening: (title, count) => `Benvenuti a ${title}, una rassegna di ricerche recenti. In questo numero esaminiamo ${counted(count, 'un lavoro', 'lavori')}.`,
      rundown: (labels) => `I lavori di questo numero riguardano ${list(labels)}.`,
      greeting: 'E io chiederò che cosa dimostrano davvero i dati.',
      transition: (label, position) => `Lavoro numero ${word(position + 1)}: ${label}.`,
      questions: [
        (subject) => `Che cosa hanno scoperto i ricercatori riguardo a un tema come ${subject}?`,
        (subject) => `Con quale metodo è stato studiato un tema come ${subject}?`,
        (subject) => `Perché il lavoro che riguarda ${subject} è importante per il settore?`,
        (subject) => `Quali sono i limiti del lavoro che riguarda ${subject}?`,
      ],
      closing: (labels) => `Le conclusioni principali di questa rassegna riguardano ${list(labels)}. Come sempre, leggete i lavori originali prima di basarvi su di essi.`,
      signOff: 'È tutto per questa rassegna di ricerca. Grazie per averla seguita con noi.',
    },
    general: {
      opening: (title, count) => `Benvenuti a ${title}. Ecco il vostro notiziario, con ${counted(count, 'un argomento', 'argomenti')} oggi.`,
      rundown: (labels) => `In programma: ${list(labels)}.`,
      greeting: 'E io sono qui per aiutare a capirci qualcosa.',
      transition: (label, position, total) => (position === 0 ? `Si comincia con questo: ${label}.` : position === total - 1 && total > 2 ? `Il nostro ultimo argomento: ${label}.` : `L'argomento successivo: ${label}.`),
      questions: [
        (subject) => `Che cosa è successo per quanto riguarda ${subject}?`,
        (subject) => `Che cosa dovremmo sapere su un tema come ${subject}?`,
        (subject) => `Perché è importante ciò che riguarda ${subject}?`,
      ],
      closing: (labels) => `Questo era il vostro notiziario. Abbiamo parlato di questi temi: ${list(labels)}.`,
      signOff: "Grazie per l'ascolto, e alla prossima.",
    },
  },
  start: (label) => `Cominciamo dal primo tema: ${label}.`,
  preview: (labels) => `Ecco i temi di oggi: ${list(labels)}.`,
  recap: (labels) => (labels.length > 1 ? `Per riassumere, abbiamo parlato di questi temi: ${list(labels)}.` : `Per riassumere, il tema di oggi è stato questo: ${labels[0] ?? 'i punti principali'}.`),
  list,
  gap: ' ',
  introduceHosts: (first, others) => (others.length === 0 ? `Sono ${first}, e oggi sarò con voi in questo episodio.` : `Sono ${first}, e con me ${others.length === 1 ? "c'è" : 'ci sono'} ${list(others)}.`),
  namedGreetings: ['Che bello essere qui.', 'Felice di unirmi a voi.', 'Mi fa molto piacere partecipare a questo episodio.'],
  namedThanks: ["Grazie per l'invito, è stato divertente.", 'È stato un piacere, grazie a tutti.'],
  greetHost: (name) => `Grazie, ${name}.`,
  thankHosts: (names) => `Grazie mille, ${list(names)}.`,
  address: (name, question) => `${name}, ${lowerFirst(question)}`,
  briefingDescription: (labels) => `In questo notiziario: ${list(labels)}.`,
  nextPart: 'la parte successiva',
  thisStory: 'questa storia',
  part: (number) => `Parte ${number}`,
  itemSource: (name) => `Fonte di questa notizia: ${name}.`,
};
