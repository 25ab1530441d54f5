// The formats' words in French (format-phrasing.ts): the hosts say "tu" to each other, and
// a subject follows "sur", "concernant" or a colon (never "à" or "de", which contract).
import type { FormatPhrasing } from '../format-phrasing.ts';
import { listFormatter } from '../show-phrasing.ts';

const list = listFormatter('fr');
const ORDINALS = ['premier', 'deuxième', 'troisième', 'quatrième', 'cinquième', 'sixième', 'septième', 'huitième', 'neuvième', 'dixième'];

export const FRENCH_FORMATS: FormatPhrasing = {
  brief: {
    opening: (subject, points) => `Voici l'essentiel sur ${subject} : ${points === 1 ? 'un point principal' : `${points} points principaux`}, rien de plus.`,
    point: (label, position, total) =>
      position === total - 1 && total > 1 ? `Dernier point : ${label}.` : position < ORDINALS.length ? `Le ${ORDINALS[position]} point est le suivant : ${label}.` : `Voici le point suivant : ${label}.`,
    closing: (labels) => (labels.length > 1 ? `Voilà les points principaux : ${list(labels)}.` : "Voilà le point principal."),
  },
  debate: {
    for: (subject) => `Je vais défendre l'idée que la source a raison concernant ${subject}.`,
    against: (subject) => `Et moi, je vais défendre le contraire : la source exagère concernant ${subject}.`,
    counters: ['La source elle-même me donne mes arguments.', 'Regarde ce que la source reconnaît.', 'Voici où ma position trouve son appui.'],
    challenges: [
      (subject) => `Ce qu'on dit sur ${subject} ne me convainc pas. Où est la preuve ?`,
      (subject) => `Pourquoi devrait-on accepter ce qu'on affirme sur ${subject} ?`,
      (subject) => `Tout ce qu'on dit sur ${subject} ne repose-t-il pas sur trop peu ?`,
    ],
    rebuttals: ['Les faits répondent à cela.', 'Alors regarde le reste des preuves.', 'La source va plus loin que ça.'],
    closings: [
      (subject) => `Je maintiens que la source a raison concernant ${subject}.`,
      (subject) => `Et je maintiens qu'elle exagère concernant ${subject}, alors à vous de juger.`,
    ],
  },
  critique: {
    strengths: [
      (label) => `La source est solide sur ce point : ${label}.`,
      (label) => `Un autre point fort, c'est sa façon de traiter ce thème : ${label}.`,
      (label) => `Elle est aussi convaincante sur ceci : ${label}.`,
    ],
    missesTitle: 'Ce qui manque à la source',
    missesOpening: 'Voyons maintenant ce qui manque à la source.',
    hedged: "Ici, elle ne fait qu'avancer une hypothèse.",
    noFigures: (label) => `Sur ce point, elle ne donne aucun chiffre vérifiable : ${label}.`,
    mentionedOnce: (phrase) => `Elle mentionne ceci une seule fois sans jamais y revenir : ${phrase}.`,
    nothingMissing: 'Difficile de lui trouver une lacune : chaque partie apporte ses preuves.',
    verdict: (strengths) => `Au final, la source est la plus solide sur ces points : ${list(strengths)}, et elle laisse quelques questions ouvertes.`,
  },
  interview: {
    introduceGuest: (subject) => `Mon invité d'aujourd'hui a étudié de près ce sujet : ${subject}. J'ai beaucoup de questions.`,
    guestGreeting: "Merci de m'accueillir. Je vais tout vous expliquer avec plaisir.",
    followUps: ['Pouvez-vous en dire plus ?', 'Pourquoi est-ce important ?', 'Que faut-il en retenir ?', 'Comment le sait-on ?'],
    takeaway: 'Avant de nous quitter, que doivent retenir nos auditeurs de tout cela ?',
  },
  reactions: {
    backchannel: ['Mm-hmm.', "D'accord.", 'Oui.', 'Je vois.', 'Bien sûr.', 'Ah oui.', 'Ça se tient.'],
    surprise: ['Waouh.', 'Vraiment ?', 'Intéressant !', 'Ah bon ?', 'Sans blague ?'],
  },
};
