/**
 * How deeply a JSON body may nest arrays and objects. Ours nest two levels; validation walks
 * values recursively, so a body 40,000 levels deep would overflow the stack in a 500.
 */
export const MAX_BODY_DEPTH = 32;
