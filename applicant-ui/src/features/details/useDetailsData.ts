/** Loads what both details steps need: the program's requirements and the current uploads, with a retry. */
import { useCallback, useEffect, useState } from 'react';
import { apiErrorBody } from '../../shared/api/errors';
import { getRequirements, listAttachments, type AttachmentInfo, type Requirements } from './details-api';

/** State of {@link useDetailsData}. */
export interface DetailsData {
  requirements: Requirements | null;
  attachments: AttachmentInfo[] | null;
  failed: boolean;
  /** The link no longer opens this application (TKN-002 / TKN-003): the e-mailed details link is needed. */
  linkClosed: boolean;
  /** Loads again (after a failure). */
  retry: () => void;
  /** Re-reads the uploads (after an upload or removal). */
  refreshAttachments: () => Promise<AttachmentInfo[] | null>;
}

/** Requirements and uploads of an application. */
export function useDetailsData(applicationId: string, token: string): DetailsData {
  const [requirements, setRequirements] = useState<Requirements | null>(null);
  const [attachments, setAttachments] = useState<AttachmentInfo[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [linkClosed, setLinkClosed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    setFailed(false);
    Promise.all([getRequirements(applicationId, token), listAttachments(applicationId, token)])
      .then(([r, a]) => {
        if (!alive) return;
        setRequirements(r);
        setAttachments(a);
      })
      .catch((error: unknown) => {
        if (!alive) return;
        const code = apiErrorBody(error)?.code ?? '';
        setLinkClosed(code === 'TKN-002' || code === 'TKN-003');
        setFailed(true);
      });
    return () => {
      alive = false;
    };
  }, [applicationId, token, attempt]);

  const refreshAttachments = useCallback(async () => {
    try {
      const a = await listAttachments(applicationId, token);
      setAttachments(a);
      return a;
    } catch {
      return null;
    }
  }, [applicationId, token]);

  return { requirements, attachments, failed, linkClosed, retry: () => setAttempt((n) => n + 1), refreshAttachments };
}
