/**
 * Loads what both details steps need: the program's requirements, the current uploads and the file's
 * checklist (the server's one rule of what is required and received, issue 24: uploads and one item per
 * recommendation), with a retry.
 */
import { useCallback, useEffect, useState } from 'react';
import { apiErrorBody } from '../../shared/api/errors';
import { fetchChecklist, type Checklist } from '../home/checklist-api';
import { getRequirements, listAttachments, type AttachmentInfo, type Requirements } from './details-api';

/** State of {@link useDetailsData}. */
export interface DetailsData {
  requirements: Requirements | null;
  attachments: AttachmentInfo[] | null;
  /** The file's checklist: what is required and what has been received (the server decides). */
  checklist: Checklist | null;
  failed: boolean;
  /** The link no longer opens this application (TKN-002 / TKN-003): the e-mailed details link is needed. */
  linkClosed: boolean;
  /** Loads again (after a failure). */
  retry: () => void;
  /** Re-reads the uploads and the checklist (after an upload or removal, or a recommender change). */
  refreshAttachments: () => Promise<AttachmentInfo[] | null>;
}

/** Requirements and uploads of an application. */
export function useDetailsData(applicationId: string, token: string): DetailsData {
  const [requirements, setRequirements] = useState<Requirements | null>(null);
  const [attachments, setAttachments] = useState<AttachmentInfo[] | null>(null);
  const [checklist, setChecklist] = useState<Checklist | null>(null);
  const [failed, setFailed] = useState(false);
  const [linkClosed, setLinkClosed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    setFailed(false);
    Promise.all([getRequirements(applicationId, token), listAttachments(applicationId, token), fetchChecklist(applicationId, token)])
      .then(([r, a, c]) => {
        if (!alive) return;
        setRequirements(r);
        setAttachments(a);
        setChecklist(c);
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
      const [a, c] = await Promise.all([listAttachments(applicationId, token), fetchChecklist(applicationId, token)]);
      setAttachments(a);
      setChecklist(c);
      return a;
    } catch {
      return null;
    }
  }, [applicationId, token]);

  return { requirements, attachments, checklist, failed, linkClosed, retry: () => setAttempt((n) => n + 1), refreshAttachments };
}
