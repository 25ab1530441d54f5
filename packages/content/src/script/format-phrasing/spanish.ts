// The formats' words in Spanish (format-phrasing.ts): a subject follows "sobre" or a
// colon, never "de" or "a", which would contract with its article.
import type { FormatPhrasing } from '../format-phrasing.ts';
import { listFormatter } from '../show-phrasing.ts';

const list = listFormatter('es');
const ORDINALS = ['primer', 'segundo', 'tercer', 'cuarto', 'quinto', 'sexto', 'séptimo', 'octavo', 'noveno', 'décimo'];

export const SPANISH_FORMATS: FormatPhrasing = {
  brief: {
    opening: (subject, points) => `Este es el resumen sobre ${subject}: ${points === 1 ? 'un punto principal' : `${points} puntos principales`}, y nada más.`,
    point: (label, position, total) => (position === total - 1 && total > 1 ? `El último punto es este: ${label}.` : `El ${ORDINALS[position] ?? 'siguiente'} punto es este: ${label}.`),
    closing: (labels) => (labels.length > 1 ? `Esos fueron los puntos principales: ${list(labels)}.` : 'Ese fue el punto principal.'),
  },
  debate: {
    for: (subject) => `Yo voy a defender que la fuente acierta sobre ${subject}.`,
    against: (subject) => `Y yo voy a defender lo contrario: la fuente exagera en lo que dice sobre ${subject}.`,
    counters: ['La propia fuente me da la prueba.', 'Fíjate en lo que la fuente reconoce.', 'Aquí es donde mi postura encuentra apoyo.'],
    challenges: [
      (subject) => `No me convence lo que se dice sobre ${subject}. ¿Dónde está la prueba?`,
      (subject) => `¿Por qué deberíamos aceptar lo que se afirma sobre ${subject}?`,
      (subject) => `¿No se apoya todo lo que se dice sobre ${subject} en muy poco?`,
    ],
    rebuttals: ['Los datos responden a eso.', 'Entonces mira el resto de la evidencia.', 'La fuente va más allá.'],
    closings: [
      (subject) => `Sigo pensando que la fuente acierta sobre ${subject}.`,
      (subject) => `Y yo sigo pensando que exagera sobre ${subject}, así que los oyentes pueden juzgar por sí mismos.`,
    ],
  },
  critique: {
    strengths: [
      (label) => `La fuente lo hace bien en este punto: ${label}.`,
      (label) => `Otro punto fuerte es cómo trata este tema: ${label}.`,
      (label) => `También resulta convincente en esto: ${label}.`,
    ],
    missesTitle: 'Lo que le falta a la fuente',
    missesOpening: 'Veamos ahora lo que le falta a la fuente.',
    hedged: 'Aquí solo lo plantea como posibilidad.',
    noFigures: (label) => `Sobre este punto no da cifras que podamos comprobar: ${label}.`,
    mentionedOnce: (phrase) => `Menciona esto una sola vez y no vuelve sobre ello: ${phrase}.`,
    nothingMissing: 'Cuesta encontrarle un hueco: cada parte da sus pruebas.',
    verdict: (strengths) => `En resumen, la fuente es más sólida en estos puntos: ${list(strengths)}, y deja algunas preguntas abiertas.`,
  },
  interview: {
    introduceGuest: (subject) => `Mi invitada de hoy ha estudiado a fondo este tema: ${subject}. Tengo mucho que preguntar.`,
    guestGreeting: 'Gracias por invitarme. Con gusto te lo explico.',
    followUps: ['¿Puedes contarnos algo más?', '¿Por qué es importante?', '¿Qué debemos pensar de eso?', '¿Cómo lo sabemos?'],
    takeaway: 'Antes de terminar, ¿qué deberían llevarse nuestros oyentes de todo esto?',
  },
  reactions: {
    backchannel: ['Ajá.', 'Claro.', 'Sí.', 'Vale.', 'Ya veo.', 'Entiendo.', 'Tiene sentido.'],
    surprise: ['¡Vaya!', '¿En serio?', '¡Qué interesante!', '¿De verdad?', '¡No me digas!'],
  },
};
