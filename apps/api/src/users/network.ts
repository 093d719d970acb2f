/** Who may sit directly below whom, and so who may register whom: one rule, in libs/domain. */
export { canHaveBelow } from '@khata/domain';
