import { createContext, useContext } from 'react';
import {
  DEFAULT_DMT_LIMITS,
  DEFAULT_PPI_LIMITS,
  type DmtLimits,
  TRANSFER_PRODUCT_INFO,
  type TransferProduct,
} from '@khata/domain';

/**
 * Issue 25: which product a money-transfer screen sends and lists, DMT or PPI. The screen's
 * components are DMT's; they read the product here and call `/api/<product>/...`.
 */
export const TransferProductContext = createContext<TransferProduct>('dmt');

export interface TransferProductView {
  product: TransferProduct;
  /** The least and most per transfer (PPI's month is the provider's, from the sender look-up). */
  limits: DmtLimits;
  label: string;
}

const LIMITS: Record<TransferProduct, DmtLimits> = {
  dmt: DEFAULT_DMT_LIMITS,
  ppi: DEFAULT_PPI_LIMITS,
};

export function useTransferProduct(): TransferProductView {
  const product = useContext(TransferProductContext);
  return { product, limits: LIMITS[product], label: TRANSFER_PRODUCT_INFO[product].label };
}
