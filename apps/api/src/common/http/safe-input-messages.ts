import { TextMessages } from '@khata/domain';
import { MAX_BODY_DEPTH } from './body-depth.js';

export const SafeInputMessages = {
  tooDeep: `The request nests deeper than ${MAX_BODY_DEPTH} levels.`,
  fieldName: TextMessages.notAllowed('A field name'),
} as const;
