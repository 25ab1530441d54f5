// The formats' words in Italian (format-phrasing.ts): the hosts use "tu", and a subject
// follows "riguardo a" style phrasing or a colon, never an articled preposition.
import type { FormatPhrasing } from '../format-phrasing.ts';
import { listFormatter } from '../show-phrasing.ts';

const list = listFormatter('it');
const ORDINALS = ['primo', 'secondo', 'terzo', 'quarto', 'quinto', 'sesto', 'settimo', 'ottavo', 'nono', 'decimo'];

export const ITALIAN_FORMATS: FormatPhrasing = {
  brief: {
    opening: (subject, points) => `Ecco il riassunto su questo tema: ${subject}. ${points === 1 ? "C'è un punto principale" : `Ci sono ${points} punti principali`}, e nient'altro.`,
    point: (label, position, total) => (position === total - 1 && total > 1 ? `L'ultimo punto è questo: ${label}.` : `Il ${ORDINALS[position] ?? 'prossimo'} punto è questo: ${label}.`),
    closing: (labels) => (labels.length > 1 ? `Questi erano i punti principali: ${list(labels)}.` : 'Questo era il punto principale.'),
  },
  debate: {
    for: (subject) => `Io sosterrò che la fonte ha ragione su questo punto: ${subject}.`,
    against: (subject) => `E io sosterrò il contrario: la fonte esagera su questo punto: ${subject}.`,
    counters: ['È la fonte stessa a darmi le prove.', 'Guarda cosa ammette la fonte.', 'Ecco dove la mia posizione trova sostegno.'],
    challenges: [
      (subject) => `Non mi convince quello che si dice su questo: ${subject}. Dov'è la prova?`,
      (subject) => `Perché dovremmo accettare quello che si afferma su questo: ${subject}?`,
      (subject) => `Tutto ciò che si dice su questo non si basa su troppo poco: ${subject}?`,
    ],
    rebuttals: ['I fatti rispondono a questo.', 'Allora guarda il resto delle prove.', 'La fonte va oltre.'],
    closings: [
      (subject) => `Continuo a dire che la fonte ha ragione su questo: ${subject}.`,
      (subject) => `E io continuo a dire che esagera su questo: ${subject}. Giudicate voi.`,
    ],
  },
  critique: {
    strengths: [
      (label) => `La fonte è solida su questo punto: ${label}.`,
      (label) => `Un altro punto di forza è come tratta questo tema: ${label}.`,
      (label) => `È convincente anche su questo: ${label}.`,
    ],
    missesTitle: 'Cosa manca alla fonte',
    missesOpening: 'Vediamo ora cosa manca alla fonte.',
    hedged: 'Qui lo presenta solo come una possibilità.',
    noFigures: (label) => `Su questo punto non dà cifre che si possano verificare: ${label}.`,
    mentionedOnce: (phrase) => `Lo nomina una volta sola e non ci torna più: ${phrase}.`,
    nothingMissing: 'È difficile trovare una lacuna: ogni parte porta le sue prove.',
    verdict: (strengths) => `Nel complesso, la fonte è più solida su questi punti: ${list(strengths)}, e lascia aperte alcune domande.`,
  },
  interview: {
    introduceGuest: (subject) => `La mia ospite di oggi ha studiato a fondo questo tema: ${subject}. Ho molte domande.`,
    guestGreeting: 'Grazie per avermi invitata. Te lo spiego volentieri.',
    followUps: ['Puoi dirci qualcosa di più?', 'Perché è importante?', 'Cosa dobbiamo pensarne?', 'Come lo sappiamo?'],
    takeaway: 'Prima di salutarci, cosa dovrebbero ricordare i nostri ascoltatori di tutto questo?',
  },
  reactions: {
    backchannel: ['Mh-mh.', 'Certo.', 'Sì.', 'Va bene.', 'Capisco.', 'Giusto.', 'Ha senso.'],
    surprise: ['Wow.', 'Davvero?', 'Interessante!', 'Ma dai!', 'Sul serio?'],
  },
};
