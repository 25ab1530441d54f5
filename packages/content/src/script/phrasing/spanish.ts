// What the hosts say in Spanish. The listeners are "ustedes", the hosts "tú" to each
// other; a subject follows "sobre" or "con" (never "de" or "a", which would contract
// with its article: "del", "al"), and a section's name follows a colon, so a heading
// reads as well as a phrase with its article.
import { numberWords } from './counted.ts';
import { listFormatter, lowerFirst, type ShowPhrasing } from '../show-phrasing.ts';

const list = listFormatter('es');
const { word, counted } = numberWords('cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciséis diecisiete dieciocho diecinueve veinte'.split(' '));

export const SPANISH: ShowPhrasing = {
  styles: {
    professional: {
      opening: (subject) => `Bienvenidos al programa, y gracias por acompañarnos. Hoy hablamos sobre ${subject}.`,
      transitions: [
        (label) => `Pasemos al siguiente tema: ${label}.`,
        (label) => `A continuación, un nuevo apartado: ${label}.`,
        (label) => `Esto nos lleva a otro punto importante: ${label}.`,
        (label) => `Ahora examinamos otro aspecto: ${label}.`,
      ],
      reactions: ['Es un punto muy útil.', 'Vale la pena tenerlo en cuenta.', 'Eso ayuda a entenderlo mejor.'],
      signOff: 'Con esto llegamos al final del episodio. Muchas gracias por escucharnos.',
    },
    casual: {
      opening: (subject) => `¡Hola a todos, y gracias por estar ahí! Hoy charlamos sobre ${subject}.`,
      transitions: [
        (label) => `Bueno, ahora toca hablar de otra cosa: ${label}.`,
        (label) => `Vamos con lo siguiente: ${label}.`,
        (label) => `Cambiemos de tema: ${label}.`,
        (label) => `Lo siguiente que quería contarles es esto: ${label}.`,
      ],
      reactions: ['Vaya, no lo sabía.', 'Tiene sentido.', 'Oye, eso está muy bien.'],
      signOff: 'Eso es todo por hoy. Gracias por pasar el rato con nosotros, ¡y hasta la próxima!',
    },
    educational: {
      opening: (subject) => `Bienvenidos de nuevo, y gracias por aprender con nosotros. En este episodio vamos a aprender sobre ${subject}.`,
      transitions: [
        (label) => `Nuestro siguiente tema es este: ${label}.`,
        (label) => `Sigamos adelante y estudiemos otro punto: ${label}.`,
        (label) => `Ahora vamos a aprender sobre ${label}.`,
        (label) => `La siguiente parte de nuestra lección trata sobre ${label}.`,
      ],
      reactions: ['Es una forma muy clara de explicarlo.', 'Déjame asegurarme de que lo entiendo.', 'Es una idea importante.'],
      signOff: 'Ese es el contenido clave de hoy. Repasen estos puntos, y gracias por aprender con nosotros.',
    },
    enthusiastic: {
      opening: (subject) => `¡Bienvenidos a todos, qué alegría tenerlos aquí! ¡Tengo muchísimas ganas de hablar hoy sobre ${subject}!`,
      transitions: [
        (label) => `¡Ahora vamos a sumergirnos en otro tema: ${label}!`,
        (label) => `¡Lo siguiente es genial: ${label}!`,
        (label) => `¡Pasemos directamente a esto: ${label}!`,
        (label) => `¡Prepárense, porque ahora llega esto: ${label}!`,
      ],
      reactions: ['¡Es increíble!', '¡Me encanta!', '¡Qué fascinante!'],
      signOff: '¡Ha sido un tema divertidísimo! Muchas gracias por escucharnos, ¡y hasta la próxima!',
    },
  },
  pairs: {
    'expert-curious': {
      greeting: 'Es un placer estar aquí, y tengo un montón de preguntas.',
      questions: [
        (subject) => `¿Qué deberíamos saber sobre ${subject}?`,
        (subject) => `¿Puedes contarme más sobre ${subject}?`,
        (subject) => `¿Qué hay que entender sobre ${subject}?`,
        (subject) => `¿Por qué es importante hablar sobre ${subject}?`,
        (subject) => `¿Qué más se puede decir sobre ${subject}?`,
      ],
      answerLeads: [],
      thanks: 'Hoy he aprendido muchísimo, así que gracias por explicarlo todo.',
    },
    interview: {
      greeting: 'Gracias por invitarme al programa.',
      questions: [
        (subject) => `Háblanos sobre ${subject}.`,
        (subject) => `¿Cómo explicarías ${subject} a alguien que no sabe nada del tema?`,
        (subject) => `¿Qué deberían entender nuestros oyentes sobre ${subject}?`,
        (subject) => `¿Qué nos puedes contar sobre ${subject}?`,
        (subject) => `Explícanos paso a paso lo esencial sobre ${subject}.`,
      ],
      answerLeads: [],
      thanks: 'Gracias por invitarme, ha sido un placer.',
    },
    debate: {
      greeting: 'Y sospecho que no vamos a estar de acuerdo en todo.',
      questions: [
        (subject) => `No me convence lo que se dice sobre ${subject}. ¿Qué argumentos hay?`,
        (subject) => `¿Qué dicen realmente los datos sobre ${subject}?`,
        (subject) => `Déjame poner en duda lo que se afirma sobre ${subject}. ¿Por qué deberíamos aceptarlo?`,
        (subject) => `Yo cuestionaría las afirmaciones sobre ${subject}. ¿Dónde están las pruebas?`,
        (subject) => `¿No estamos exagerando todo lo relacionado con ${subject}?`,
      ],
      answerLeads: ['Así es como lo veo yo.', 'Los hechos son claros en esto.', 'Veamos los hechos.', 'Yo lo plantearía así.'],
      reactions: ['Es una forma de verlo.', 'Eso te lo concedo.', 'Puede ser, pero todavía no me convence.'],
      thanks: 'No lo resolvimos todo, pero fue un buen debate.',
    },
  },
  briefings: {
    tech_news: {
      opening: (title, count) => `Esto es ${title}, tu resumen de novedades tecnológicas. Hoy tenemos ${counted(count, 'una noticia', 'noticias')} para ti.`,
      rundown: (labels) => `Estos son los titulares: ${list(labels)}.`,
      greeting: 'Y yo estoy aquí para preguntar qué significa todo esto para el resto de nosotros.',
      transition: (label, position, total) =>
        position === 0 ? `Nuestra noticia principal: ${label}.` : position === total - 1 && total > 2 ? `Y por último, nuestra última noticia: ${label}.` : `Noticia número ${word(position + 1)}: ${label}.`,
      questions: [
        (subject) => `¿Qué hay de nuevo sobre ${subject}?`,
        (subject) => `¿A quién afecta lo que ocurre con ${subject}?`,
        (subject) => `¿Hasta qué punto es importante lo relacionado con ${subject}?`,
        (subject) => `¿Qué ha cambiado con ${subject}?`,
      ],
      closing: (labels) => `Estas fueron las noticias de hoy: ${list(labels)}.`,
      signOff: 'Eso es todo en tecnología por hoy. Sigan con la curiosidad despierta, y volveremos pronto con más.',
    },
    market_update: {
      opening: (title, count) => `Buenos días, y bienvenidos a ${title}, su actualización de mercados. Hoy seguimos ${counted(count, 'un acontecimiento', 'acontecimientos')}.`,
      rundown: (labels) => `Los acontecimientos que seguimos son estos: ${list(labels)}.`,
      greeting: 'Y yo ayudaré a poner las cifras en contexto.',
      transition: (label, position) =>
        position === 0
          ? `Empezamos con este tema: ${label}.`
          : [`Ahora pasamos a otro asunto: ${label}.`, `Los mercados también están pendientes de esto: ${label}.`, `También tenemos novedades sobre ${label}.`][(position - 1) % 3] as string,
      questions: [
        (subject) => `¿Qué significa para los inversores lo que ocurre con ${subject}?`,
        (subject) => `¿Cómo interpretan los mercados lo relacionado con ${subject}?`,
        (subject) => `¿Qué cifras tenemos sobre ${subject}?`,
        (subject) => `¿Dónde está el riesgo en todo lo relacionado con ${subject}?`,
      ],
      closing: (labels) => `En resumen, hemos repasado estos temas: ${list(labels)}. Síganlos de cerca en los próximos días.`,
      signOff: 'Esta fue la actualización de mercados. Es información, no asesoramiento de inversión. Gracias por escucharnos.',
    },
    research_digest: {
      opening: (title, count) => `Bienvenidos a ${title}, un resumen de investigaciones recientes. En este número revisamos ${counted(count, 'un trabajo', 'trabajos')}.`,
      rundown: (labels) => `Los trabajos de este número tratan estos temas: ${list(labels)}.`,
      greeting: 'Y yo preguntaré qué demuestran realmente las pruebas.',
      transition: (label, position) => `Revisamos el trabajo número ${word(position + 1)}: ${label}.`,
      questions: [
        (subject) => `¿Qué descubrieron los investigadores sobre ${subject}?`,
        (subject) => `¿Qué método se utilizó para estudiar ${subject}?`,
        (subject) => `¿Por qué es importante para el campo el trabajo sobre ${subject}?`,
        (subject) => `¿Qué límites tiene el trabajo sobre ${subject}?`,
      ],
      closing: (labels) => `Las conclusiones clave de este resumen se refieren a estos temas: ${list(labels)}. Como siempre, lean el trabajo original antes de basarse en él.`,
      signOff: 'Eso es todo en este resumen de investigación. Gracias por acompañarnos en la lectura.',
    },
    general: {
      opening: (title, count) => `Bienvenidos a ${title}. Aquí tienen su resumen, con ${counted(count, 'un tema', 'temas')} para hoy.`,
      rundown: (labels) => `A continuación: ${list(labels)}.`,
      greeting: 'Y yo estoy aquí para ayudar a entenderlo todo.',
      transition: (label, position, total) => (position === 0 ? `Primero, este tema: ${label}.` : position === total - 1 && total > 2 ? `Nuestro último tema: ${label}.` : `El siguiente tema: ${label}.`),
      questions: [
        (subject) => `¿Qué ocurrió con ${subject}?`,
        (subject) => `¿Qué deberíamos saber sobre ${subject}?`,
        (subject) => `¿Por qué es importante lo relacionado con ${subject}?`,
      ],
      closing: (labels) => `Este fue su resumen sobre estos temas: ${list(labels)}.`,
      signOff: 'Gracias por escucharnos, y hasta la próxima.',
    },
  },
  start: (label) => `Empecemos con el primer tema: ${label}.`,
  preview: (labels) => `Estos son los temas de hoy: ${list(labels)}.`,
  recap: (labels) => (labels.length > 1 ? `Para recapitular, estos fueron los temas: ${list(labels)}.` : `Para recapitular, el tema de hoy fue este: ${labels[0] ?? 'los puntos principales'}.`),
  list,
  gap: ' ',
  introduceHosts: (first, others) => (others.length === 0 ? `Soy ${first}, y hoy los acompaño en este episodio.` : `Soy ${first}, y conmigo ${others.length === 1 ? 'está' : 'están'} ${list(others)}.`),
  namedGreetings: ['Qué bueno estar aquí.', 'Me alegra sumarme.', 'Me hace mucha ilusión participar en este episodio.'],
  namedThanks: ['Gracias por invitarme, lo pasé muy bien.', 'Ha sido un placer, gracias a todos.'],
  greetHost: (name) => `Gracias, ${name}.`,
  thankHosts: (names) => `Muchas gracias, ${list(names)}.`,
  address: (name, question) => `${name}, ${lowerFirst(question)}`,
  briefingDescription: (labels) => `En este resumen: ${list(labels)}.`,
  nextPart: 'la siguiente parte',
  thisStory: 'esta historia',
  part: (number) => `Parte ${number}`,
  itemSource: (name) => `Esta noticia procede de ${name}.`,
};
