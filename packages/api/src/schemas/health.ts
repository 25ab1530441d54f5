// The health check's answer.
import Type from 'typebox';

export const HealthReply = Type.Object({ success: Type.Literal(true), status: Type.Literal('ok'), database: Type.Literal('ok') });
