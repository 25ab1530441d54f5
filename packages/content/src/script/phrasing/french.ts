// What the hosts say in French. The listeners are "vous", the hosts "tu" to each other
// (an interviewer says "vous" to the guest); a subject follows "sur", "concernant" or a
// verb (never "à" or "de", which would contract with its article: "au", "du"), and a
// section's name follows a colon. No line depends on the speaker's gender.
import { numberWords } from './counted.ts';
import { listFormatter, lowerFirst, type ShowPhrasing } from '../show-phrasing.ts';

const list = listFormatter('fr');
const { word, counted } = numberWords('zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize dix-sept dix-huit dix-neuf vingt'.split(' '));

export const FRENCH: ShowPhrasing = {
  styles: {
    professional: {
      opening: (subject) => `Bienvenue dans l'émission, et merci d'être avec nous. Aujourd'hui, notre sujet est le suivant : ${subject}.`,
      transitions: [
        (label) => `Passons au point suivant : ${label}.`,
        (label) => `Nous abordons maintenant un autre aspect : ${label}.`,
        (label) => `Cela nous amène à un nouveau thème : ${label}.`,
        (label) => `Penchons-nous à présent sur ce point : ${label}.`,
      ],
      reactions: ["C'est un point très utile.", "Cela mérite d'être souligné.", 'Voilà qui aide à comprendre.'],
      signOff: 'Nous arrivons à la fin de cet épisode. Merci de nous avoir écoutés.',
    },
    casual: {
      opening: (subject) => `Salut tout le monde, merci d'être là ! Aujourd'hui, on parle de ça : ${subject}.`,
      transitions: [
        (label) => `Bon, parlons maintenant de ça : ${label}.`,
        (label) => `Allez, on passe à la suite : ${label}.`,
        (label) => `On change un peu de sujet : ${label}.`,
        (label) => `Voilà la prochaine chose dont je voulais parler : ${label}.`,
      ],
      reactions: ['Ah, je ne savais pas.', 'Ça se tient.', "Franchement, c'est plutôt cool."],
      signOff: "C'est tout pour aujourd'hui. Merci d'avoir passé ce moment avec nous, et à la prochaine !",
    },
    educational: {
      opening: (subject) => `Bon retour parmi nous, et merci d'apprendre avec nous. Dans cet épisode, nous allons découvrir ce sujet : ${subject}.`,
      transitions: [
        (label) => `Notre prochain thème est le suivant : ${label}.`,
        (label) => `Continuons et étudions ce point : ${label}.`,
        (label) => `Découvrons maintenant ceci : ${label}.`,
        (label) => `La partie suivante de notre leçon porte sur ce thème : ${label}.`,
      ],
      reactions: ["C'est une façon très claire de l'expliquer.", "Laisse-moi vérifier que j'ai bien compris.", "C'est une idée importante."],
      signOff: "Voilà l'essentiel pour aujourd'hui. Révisez ces points, et merci d'avoir appris avec nous.",
    },
    enthusiastic: {
      opening: (subject) => `Bienvenue à tous, quel plaisir de vous retrouver ! J'ai vraiment hâte de parler aujourd'hui de ce sujet : ${subject} !`,
      transitions: [
        (label) => `Plongeons maintenant dans ce thème : ${label} !`,
        (label) => `Et ensuite, on parle de ça : ${label} !`,
        (label) => `Allons-y tout de suite avec ceci : ${label} !`,
        (label) => `Préparez-vous, car voici la suite : ${label} !`,
      ],
      reactions: ["C'est incroyable !", "J'adore !", "Waouh, c'est fascinant !"],
      signOff: "C'était un sujet vraiment passionnant ! Merci beaucoup de nous avoir écoutés, et à la prochaine !",
    },
  },
  pairs: {
    'expert-curious': {
      greeting: "Merci de m'accueillir, et j'ai plein de questions.",
      questions: [
        (subject) => `Alors, que faut-il savoir sur ${subject} ?`,
        (subject) => `Peux-tu m'en dire plus sur ${subject} ?`,
        (subject) => `Quelle est l'histoire derrière ${subject} ?`,
        (subject) => `Pourquoi les questions concernant ${subject} sont-elles importantes ?`,
        (subject) => `Que peut-on dire d'autre concernant ${subject} ?`,
      ],
      answerLeads: [],
      thanks: "J'ai appris énormément aujourd'hui, alors merci de m'avoir tout expliqué.",
    },
    interview: {
      greeting: "Merci pour l'invitation dans l'émission.",
      questions: [
        (subject) => `Racontez-nous ce qu'il faut savoir sur ${subject}.`,
        (subject) => `Comment expliqueriez-vous ${subject} à un débutant ?`,
        (subject) => `Que devraient comprendre nos auditeurs concernant ${subject} ?`,
        (subject) => `Que pouvez-vous nous dire sur ${subject} ?`,
        (subject) => `Expliquez-nous ${subject} étape par étape.`,
      ],
      answerLeads: [],
      thanks: "Merci pour l'invitation, ce fut un plaisir.",
    },
    debate: {
      greeting: "Et je soupçonne qu'on ne sera pas d'accord sur tout.",
      questions: [
        (subject) => `Ce qu'on dit sur ${subject} ne me convainc pas. Quels sont les arguments ?`,
        (subject) => `Que disent vraiment les données sur ${subject} ?`,
        (subject) => `Permets-moi de contester ce qu'on affirme sur ${subject}. Pourquoi devrait-on l'accepter ?`,
        (subject) => `Je remets en question les affirmations sur ${subject}. Où sont les preuves ?`,
        (subject) => `N'exagère-t-on pas tout ce qui concerne ${subject} ?`,
      ],
      answerLeads: ['Voici comment je vois les choses.', 'Les faits sont clairs là-dessus.', 'Regardons les faits.', 'Je le formulerais ainsi.'],
      reactions: ["C'est une façon de voir les choses.", "Je te l'accorde.", 'Peut-être, mais ça ne me convainc toujours pas.'],
      thanks: "On n'a pas tout tranché, mais c'était un bon débat.",
    },
  },
  briefings: {
    tech_news: {
      opening: (title, count) => `Ici ${title}, votre tour d'horizon de l'actualité tech. Nous avons ${counted(count, 'une actualité', 'actualités')} pour vous aujourd'hui.`,
      rundown: (labels) => `Voici les titres : ${list(labels)}.`,
      greeting: 'Et moi, je suis là pour demander ce que tout cela change pour nous.',
      transition: (label, position, total) =>
        position === 0 ? `Notre info principale : ${label}.` : position === total - 1 && total > 2 ? `Et enfin, notre dernière info : ${label}.` : `Info numéro ${word(position + 1)} : ${label}.`,
      questions: [
        (subject) => `Quoi de neuf concernant ${subject} ?`,
        (subject) => `Qui est concerné par ce qui se passe avec ${subject} ?`,
        (subject) => `Quelle est l'ampleur de ce qui arrive avec ${subject} ?`,
        (subject) => `Qu'est-ce qui a changé avec ${subject} ?`,
      ],
      closing: (labels) => `C'étaient les infos du jour : ${list(labels)}.`,
      signOff: "C'est tout pour l'actualité tech aujourd'hui. Restez curieux, et à très bientôt.",
    },
    market_update: {
      opening: (title, count) => `Bonjour, et bienvenue dans ${title}, votre point sur les marchés. Nous suivons ${counted(count, 'un dossier', 'dossiers')} aujourd'hui.`,
      rundown: (labels) => `Les dossiers que nous suivons : ${list(labels)}.`,
      greeting: "Et moi, j'aiderai à mettre les chiffres en perspective.",
      transition: (label, position) =>
        position === 0
          ? `Nous commençons par ce dossier : ${label}.`
          : [`Passons maintenant à ce dossier : ${label}.`, `Les marchés surveillent aussi ceci : ${label}.`, `Nous avons aussi du nouveau concernant ${label}.`][(position - 1) % 3] as string,
      questions: [
        (subject) => `Que signifie pour les investisseurs ce qui se passe avec ${subject} ?`,
        (subject) => `Comment les marchés interprètent-ils ce qui concerne ${subject} ?`,
        (subject) => `Quels sont les chiffres concernant ${subject} ?`,
        (subject) => `Où est le risque concernant ${subject} ?`,
      ],
      closing: (labels) => `En résumé, nous avons passé en revue ces dossiers : ${list(labels)}. Suivez-les de près dans les jours à venir.`,
      signOff: "C'était le point sur les marchés. Ceci est une information, pas un conseil en investissement. Merci de votre écoute.",
    },
    research_digest: {
      opening: (title, count) => `Bienvenue dans ${title}, une synthèse de la recherche récente. Dans ce numéro, nous examinons ${counted(count, 'un travail', 'travaux')}.`,
      rundown: (labels) => `Les travaux de ce numéro portent sur ces sujets : ${list(labels)}.`,
      greeting: 'Et moi, je demanderai ce que montrent vraiment les données.',
      transition: (label, position) => `Travail numéro ${word(position + 1)} de notre sélection : ${label}.`,
      questions: [
        (subject) => `Qu'ont découvert les chercheurs concernant ${subject} ?`,
        (subject) => `Quelle méthode a servi à étudier ${subject} ?`,
        (subject) => `Pourquoi le travail sur ${subject} compte-t-il pour le domaine ?`,
        (subject) => `Quelles sont les limites du travail sur ${subject} ?`,
      ],
      closing: (labels) => `Les principaux enseignements de cette synthèse concernent ${list(labels)}. Comme toujours, lisez les travaux originaux avant de vous y fier.`,
      signOff: "C'est tout pour cette synthèse de la recherche. Merci de l'avoir suivie avec nous.",
    },
    general: {
      opening: (title, count) => `Bienvenue dans ${title}. Voici votre point d'information, avec ${counted(count, 'un sujet', 'sujets')} aujourd'hui.`,
      rundown: (labels) => `Au programme : ${list(labels)}.`,
      greeting: 'Et moi, je suis là pour aider à y voir clair.',
      transition: (label, position, total) => (position === 0 ? `Premier sujet : ${label}.` : position === total - 1 && total > 2 ? `Notre dernier sujet : ${label}.` : `Sujet suivant : ${label}.`),
      questions: [
        (subject) => `Que s'est-il passé concernant ${subject} ?`,
        (subject) => `Que faut-il savoir sur ${subject} ?`,
        (subject) => `Pourquoi ce qui concerne ${subject} est-il important ?`,
      ],
      closing: (labels) => `C'était votre point d'information sur ces sujets : ${list(labels)}.`,
      signOff: 'Merci de nous avoir écoutés, et à la prochaine.',
    },
  },
  start: (label) => `Commençons par ce premier thème : ${label}.`,
  preview: (labels) => `Voici les thèmes du jour : ${list(labels)}.`,
  recap: (labels) => (labels.length > 1 ? `Pour résumer, nous avons abordé ces thèmes : ${list(labels)}.` : `Pour résumer, nous avons parlé de ceci : ${labels[0] ?? "l'essentiel"}.`),
  list,
  gap: ' ',
  introduceHosts: (first, others) => (others.length === 0 ? `Je suis ${first}, et je vous accompagne aujourd'hui.` : `Je suis ${first}, et je suis avec ${list(others)}.`),
  namedGreetings: ["Quel plaisir d'être ici.", "Merci de m'accueillir parmi vous.", "C'est un plaisir de participer à cet épisode."],
  namedThanks: ["Merci pour l'invitation, c'était très sympa.", 'Ce fut un plaisir, merci à tous.'],
  greetHost: (name) => `Merci, ${name}.`,
  thankHosts: (names) => `Merci beaucoup, ${list(names)}.`,
  address: (name, question) => `${name}, ${lowerFirst(question)}`,
  briefingDescription: (labels) => `Dans ce point d'information : ${list(labels)}.`,
  nextPart: 'la partie suivante',
  thisStory: 'cette histoire',
  part: (number) => `Partie ${number}`,
  itemSource: (name) => `Source de cette information : ${name}.`,
};
