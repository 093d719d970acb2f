import { useEffect, useState } from 'react';
import { api } from '../../../api/client';

export type PhotoState = { url?: string; error?: string };

/**
 * A submission's photo as an object URL: the API serves it only with the session's token, so
 * an <img src> cannot fetch it by itself. The URL is revoked when the photo is closed.
 */
export function useKycPhotoUrl(id: string | undefined): PhotoState {
  const [state, setState] = useState<PhotoState>({});
  useEffect(() => {
    if (!id) return undefined;
    let url: string | undefined;
    let closed = false;
    setState({});
    api.blob(`/admin/kycPhoto/${id}`).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        if (closed) URL.revokeObjectURL(url);
        else setState({ url });
      },
      (error: Error) => !closed && setState({ error: error.message }),
    );
    return () => {
      closed = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  return state;
}
