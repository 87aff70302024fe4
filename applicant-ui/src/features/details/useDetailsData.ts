/** Loads what both details steps need: the program's requirements and the current uploads, with a retry. */
import { useCallback, useEffect, useState } from 'react';
import { getRequirements, listAttachments, type AttachmentInfo, type Requirements } from './details-api';

/** State of {@link useDetailsData}. */
export interface DetailsData {
  requirements: Requirements | null;
  attachments: AttachmentInfo[] | null;
  failed: boolean;
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
      .catch(() => alive && setFailed(true));
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

  return { requirements, attachments, failed, retry: () => setAttempt((n) => n + 1), refreshAttachments };
}
