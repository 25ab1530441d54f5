// What the hosts say in Brazilian Portuguese. The listeners are "vocês", the hosts
// "você" to each other; a subject follows "sobre", "com" or "envolve" (never "de", "em"
// or "a", which would contract with its article: "do", "no", "ao"), and a section's
// name follows a colon. No line depends on the speaker's gender ("obrigado" does, so the
// hosts say "agradeço" and "valeu").
import { numberWords } from './counted.ts';
import { listFormatter, lowerFirst, type ShowPhrasing } from '../show-phrasing.ts';

const list = listFormatter('pt-BR');
const tens = 'três quatro cinco seis sete oito nove dez onze doze treze catorze quinze dezesseis dezessete dezoito dezenove vinte';
// One and two agree with the noun: "uma notícia", "duas notícias", "um assunto", "dois assuntos".
const feminine = numberWords(`zero uma duas ${tens}`.split(' '));
const masculine = numberWords(`zero um dois ${tens}`.split(' '));

export const PORTUGUESE: ShowPhrasing = {
  styles: {
    professional: {
      opening: (subject) => `Bem-vindos ao programa, e agradecemos por estarem conosco. Hoje falamos sobre ${subject}.`,
      transitions: [
        (label) => `Vamos ao próximo tema: ${label}.`,
        (label) => `Agora tratamos de outro aspecto: ${label}.`,
        (label) => `Isso nos leva a um novo assunto: ${label}.`,
        (label) => `Vamos nos concentrar agora neste ponto: ${label}.`,
      ],
      reactions: ['É um ponto muito útil.', 'Vale a pena destacar isso.', 'Isso ajuda a entender melhor.'],
      signOff: 'Chegamos ao fim deste episódio. Agradecemos por nos ouvir.',
    },
    casual: {
      opening: (subject) => `Oi, pessoal, valeu por estarem aqui! Hoje a gente vai bater um papo sobre ${subject}.`,
      transitions: [
        (label) => `Beleza, agora vamos falar disto: ${label}.`,
        (label) => `Bora para a próxima: ${label}.`,
        (label) => `Vamos mudar um pouco de assunto: ${label}.`,
        (label) => `A próxima coisa que eu queria comentar é esta: ${label}.`,
      ],
      reactions: ['Nossa, eu não sabia disso.', 'Faz sentido.', 'Olha, isso é bem legal.'],
      signOff: 'Por hoje é isso. Valeu por passarem esse tempo com a gente, e até a próxima!',
    },
    educational: {
      opening: (subject) => `Bem-vindos de volta, e que bom aprender com vocês. Neste episódio, vamos aprender sobre ${subject}.`,
      transitions: [
        (label) => `Nosso próximo tema é este: ${label}.`,
        (label) => `Vamos seguir em frente e estudar este ponto: ${label}.`,
        (label) => `Agora vamos aprender sobre ${label}.`,
        (label) => `A próxima parte da nossa aula trata deste assunto: ${label}.`,
      ],
      reactions: ['É uma forma muito clara de explicar.', 'Deixa eu ver se entendi direito.', 'É uma ideia importante.'],
      signOff: 'Esse é o conteúdo principal de hoje. Revisem esses pontos, e que bom ter aprendido com vocês.',
    },
    enthusiastic: {
      opening: (subject) => `Bem-vindos, pessoal, que alegria ter vocês aqui! Mal posso esperar para falar hoje sobre ${subject}!`,
      transitions: [
        (label) => `Agora vamos mergulhar neste tema: ${label}!`,
        (label) => `Na sequência, vamos falar disto: ${label}!`,
        (label) => `Vamos direto a este ponto: ${label}!`,
        (label) => `Preparem-se, porque agora vem isto: ${label}!`,
      ],
      reactions: ['Isso é incrível!', 'Adorei!', 'Uau, que fascinante!'],
      signOff: 'Foi um tema muito divertido! Agradecemos muito por ouvirem, e até a próxima!',
    },
  },
  pairs: {
    'expert-curious': {
      greeting: 'É um prazer estar aqui, e tenho muitas perguntas.',
      questions: [
        (subject) => `Então, o que a gente deveria saber sobre ${subject}?`,
        (subject) => `Você pode me contar mais sobre ${subject}?`,
        (subject) => `Que história existe por trás de um tema como ${subject}?`,
        (subject) => `Por que deveríamos nos importar com ${subject}?`,
        (subject) => `O que mais se pode dizer sobre ${subject}?`,
      ],
      answerLeads: [],
      thanks: 'Aprendi muito hoje, então valeu por explicar tudo isso.',
    },
    interview: {
      greeting: 'Agradeço o convite para o programa.',
      questions: [
        (subject) => `Fale um pouco sobre ${subject}.`,
        (subject) => `Como você explicaria ${subject} para quem está começando?`,
        (subject) => `O que nossos ouvintes deveriam entender sobre ${subject}?`,
        (subject) => `O que você pode nos contar sobre ${subject}?`,
        (subject) => `Explique para a gente, passo a passo, o essencial sobre ${subject}.`,
      ],
      answerLeads: [],
      thanks: 'Foi um prazer conversar com vocês.',
    },
    debate: {
      greeting: 'E desconfio que não vamos concordar em tudo.',
      questions: [
        (subject) => `Não me convence o que se diz sobre ${subject}. Quais são os argumentos?`,
        (subject) => `O que os dados realmente dizem sobre ${subject}?`,
        (subject) => `Deixa eu questionar o que se afirma sobre ${subject}. Por que deveríamos aceitar isso?`,
        (subject) => `Eu contestaria as afirmações sobre ${subject}. Onde estão as provas?`,
        (subject) => `Será que não estamos exagerando quando falamos sobre ${subject}?`,
      ],
      answerLeads: ['É assim que eu vejo.', 'Os fatos são claros nesse ponto.', 'Vamos aos fatos.', 'Eu colocaria assim.'],
      reactions: ['É uma forma de ver a coisa.', 'Isso eu te concedo.', 'Talvez, mas ainda não me convenceu.'],
      thanks: 'Não resolvemos tudo, mas foi um bom debate.',
    },
  },
  briefings: {
    tech_news: {
      opening: (title, count) => `Você está ouvindo ${title}, o seu resumo das novidades de tecnologia. Hoje temos ${feminine.counted(count, 'uma notícia', 'notícias')} para você.`,
      rundown: (labels) => `Estas são as manchetes: ${list(labels)}.`,
      greeting: 'E eu estou aqui para perguntar o que tudo isso significa para o resto de nós.',
      transition: (label, position, total) =>
        position === 0 ? `A notícia principal: ${label}.` : position === total - 1 && total > 2 ? `E, por fim, a nossa última notícia: ${label}.` : `Notícia número ${masculine.word(position + 1)}: ${label}.`,
      questions: [
        (subject) => `O que há de novo sobre ${subject}?`,
        (subject) => `Quem é afetado pelo que acontece com ${subject}?`,
        (subject) => `Qual é o tamanho do impacto de tudo o que envolve ${subject}?`,
        (subject) => `O que mudou com ${subject}?`,
      ],
      closing: (labels) => `Essas foram as notícias de hoje: ${list(labels)}.`,
      signOff: 'Esse foi o resumo de tecnologia de hoje. Continue com a curiosidade em dia, e voltamos em breve com mais.',
    },
    market_update: {
      opening: (title, count) => `Bom dia, e bem-vindos a ${title}, a sua atualização de mercado. Hoje acompanhamos ${masculine.counted(count, 'um assunto', 'assuntos')}.`,
      rundown: (labels) => `Os assuntos que estamos acompanhando são estes: ${list(labels)}.`,
      greeting: 'E eu vou ajudar a colocar os números em contexto.',
      transition: (label, position) =>
        position === 0
          ? `Começamos com este assunto: ${label}.`
          : [`Agora passamos a este assunto: ${label}.`, `Os mercados também estão de olho nisto: ${label}.`, `Também temos novidades sobre ${label}.`][(position - 1) % 3] as string,
      questions: [
        (subject) => `O que tudo o que envolve ${subject} significa para os investidores?`,
        (subject) => `Como os mercados estão interpretando o que envolve ${subject}?`,
        (subject) => `Quais são os números por trás de tudo o que envolve ${subject}?`,
        (subject) => `Onde está o risco em tudo o que envolve ${subject}?`,
      ],
      closing: (labels) => `Resumindo, analisamos estes assuntos: ${list(labels)}. Fique de olho neles nos próximos dias.`,
      signOff: 'Essa foi a atualização de mercado. É informação, não recomendação de investimento. Agradecemos por nos ouvir.',
    },
    research_digest: {
      opening: (title, count) => `Bem-vindos a ${title}, um resumo de pesquisas recentes. Nesta edição analisamos ${masculine.counted(count, 'um trabalho', 'trabalhos')}.`,
      rundown: (labels) => `Os trabalhos desta edição tratam destes temas: ${list(labels)}.`,
      greeting: 'E eu vou perguntar o que as evidências realmente mostram.',
      transition: (label, position) => `Trabalho número ${masculine.word(position + 1)}: ${label}.`,
      questions: [
        (subject) => `O que os pesquisadores descobriram sobre ${subject}?`,
        (subject) => `Que método foi usado para estudar ${subject}?`,
        (subject) => `Por que o trabalho sobre ${subject} importa para a área?`,
        (subject) => `Quais são os limites do trabalho sobre ${subject}?`,
      ],
      closing: (labels) => `As principais conclusões desta edição dizem respeito a estes temas: ${list(labels)}. Como sempre, leia o trabalho original antes de se basear nele.`,
      signOff: 'Isso é tudo nesta edição de pesquisa. Agradecemos por acompanhar a leitura com a gente.',
    },
    general: {
      opening: (title, count) => `Bem-vindos a ${title}. Aqui está o seu boletim, com ${masculine.counted(count, 'um assunto', 'assuntos')} hoje.`,
      rundown: (labels) => `A seguir: ${list(labels)}.`,
      greeting: 'E eu estou aqui para ajudar a entender tudo isso.',
      transition: (label, position, total) => (position === 0 ? `Primeiro, este assunto: ${label}.` : position === total - 1 && total > 2 ? `O nosso último assunto: ${label}.` : `O próximo assunto: ${label}.`),
      questions: [
        (subject) => `O que aconteceu com ${subject}?`,
        (subject) => `O que deveríamos saber sobre ${subject}?`,
        (subject) => `Por que tudo o que envolve ${subject} é importante?`,
      ],
      closing: (labels) => `Esse foi o seu boletim sobre estes temas: ${list(labels)}.`,
      signOff: 'Agradecemos por ouvir, e até a próxima.',
    },
  },
  start: (label) => `Vamos começar pelo primeiro tema: ${label}.`,
  preview: (labels) => `Estes são os temas de hoje: ${list(labels)}.`,
  recap: (labels) => (labels.length > 1 ? `Recapitulando, falamos destes temas: ${list(labels)}.` : `Recapitulando, o tema de hoje foi este: ${labels[0] ?? 'os pontos principais'}.`),
  list,
  gap: ' ',
  introduceHosts: (first, others) => (others.length === 0 ? `Eu sou ${first}, e hoje vou apresentar este episódio.` : `Eu sou ${first}, e comigo ${others.length === 1 ? 'está' : 'estão'} ${list(others)}.`),
  namedGreetings: ['Que bom estar aqui.', 'É ótimo participar.', 'Fico muito feliz de fazer parte deste episódio.'],
  namedThanks: ['Valeu pelo convite, foi muito divertido.', 'Foi um prazer, valeu a todos.'],
  greetHost: (name) => `Valeu, ${name}.`,
  thankHosts: (names) => `Agradeço muito a ${list(names)}.`,
  address: (name, question) => `${name}, ${lowerFirst(question)}`,
  briefingDescription: (labels) => `Neste boletim: ${list(labels)}.`,
  nextPart: 'a próxima parte',
  thisStory: 'esta história',
  part: (number) => `Parte ${number}`,
  itemSource: (name) => `Fonte desta notícia: ${name}.`,
};
