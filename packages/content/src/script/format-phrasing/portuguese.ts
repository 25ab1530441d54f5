// The formats' words in Brazilian Portuguese (format-phrasing.ts): the hosts say "você", and
// a subject follows "sobre" or a colon, never "de" or "em", which would contract.
import type { FormatPhrasing } from '../format-phrasing.ts';
import { listFormatter } from '../show-phrasing.ts';

const list = listFormatter('pt-BR');
const ORDINALS = ['primeiro', 'segundo', 'terceiro', 'quarto', 'quinto', 'sexto', 'sétimo', 'oitavo', 'nono', 'décimo'];

export const PORTUGUESE_FORMATS: FormatPhrasing = {
  brief: {
    opening: (subject, points) => `Este é o resumo sobre ${subject}: ${points === 1 ? 'um ponto principal' : `${points} pontos principais`}, e nada mais.`,
    point: (label, position, total) => (position === total - 1 && total > 1 ? `O último ponto é este: ${label}.` : `O ${ORDINALS[position] ?? 'próximo'} ponto é este: ${label}.`),
    closing: (labels) => (labels.length > 1 ? `Esses foram os pontos principais: ${list(labels)}.` : 'Esse foi o ponto principal.'),
  },
  debate: {
    for: (subject) => `Eu vou defender que a fonte acerta sobre ${subject}.`,
    against: (subject) => `E eu vou defender o contrário: a fonte exagera sobre ${subject}.`,
    counters: ['A própria fonte me dá a prova.', 'Veja o que a fonte admite.', 'É aqui que a minha posição encontra apoio.'],
    challenges: [
      (subject) => `Não me convence o que se diz sobre ${subject}. Cadê a prova?`,
      (subject) => `Por que deveríamos aceitar o que se afirma sobre ${subject}?`,
      (subject) => `Tudo o que se diz sobre ${subject} não se apoia em muito pouco?`,
    ],
    rebuttals: ['Os fatos respondem a isso.', 'Então veja o resto das provas.', 'A fonte vai além disso.'],
    closings: [
      (subject) => `Continuo achando que a fonte acerta sobre ${subject}.`,
      (subject) => `E eu continuo achando que ela exagera sobre ${subject}, então os ouvintes podem julgar.`,
    ],
  },
  critique: {
    strengths: [
      (label) => `A fonte se sai bem neste ponto: ${label}.`,
      (label) => `Outro ponto forte é como ela trata este tema: ${label}.`,
      (label) => `Ela também convence nisto: ${label}.`,
    ],
    missesTitle: 'O que falta na fonte',
    missesOpening: 'Agora vamos ver o que falta na fonte.',
    hedged: 'Aqui ela só levanta uma possibilidade.',
    noFigures: (label) => `Neste ponto ela não dá números que possamos conferir: ${label}.`,
    mentionedOnce: (phrase) => `Ela menciona isto uma vez só e nunca volta ao assunto: ${phrase}.`,
    nothingMissing: 'É difícil achar uma lacuna: cada parte traz as suas provas.',
    verdict: (strengths) => `No geral, a fonte é mais sólida nestes pontos: ${list(strengths)}, e deixa algumas perguntas em aberto.`,
  },
  interview: {
    introduceGuest: (subject) => `A minha convidada de hoje estudou a fundo este tema: ${subject}. Tenho muito para perguntar.`,
    guestGreeting: 'Obrigada pelo convite. Vou explicar tudo com prazer.',
    followUps: ['Você pode falar mais sobre isso?', 'Por que isso importa?', 'O que devemos pensar disso?', 'Como sabemos disso?'],
    takeaway: 'Antes de terminar, o que os nossos ouvintes devem levar de tudo isso?',
  },
  reactions: {
    backchannel: ['Uhum.', 'Certo.', 'Sim.', 'Tá.', 'Entendi.', 'Claro.', 'Faz sentido.'],
    surprise: ['Nossa!', 'Sério?', 'Que interessante!', 'É mesmo?', 'Não acredito!'],
  },
};
