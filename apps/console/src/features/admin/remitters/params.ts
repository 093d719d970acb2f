/** The address parameters the two DMT screens share: the customer's mobile, a beneficiary. */
export const MOBILE_PARAM = 'mobile';
export const BENEFICIARY_PARAM = 'beneficiary';
