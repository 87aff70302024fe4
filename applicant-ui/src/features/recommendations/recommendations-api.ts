/** Recommendation calls (docs/api.md "Recommendations", issue 15 item 1): the applicant's and the recommender's. */
import { api } from '../../shared/api/client';

/** A recommender slot of the references step: firstRecommender, secondRecommender, thirdRecommender. */
export type RecommendationSlot = 'first' | 'second' | 'third';
/** Where a request stands. */
export type RecommendationStatus = 'requested' | 'opened' | 'received';

/** A request as the applicant sees it (GET /api/applications/:id/recommendations). */
export interface Recommendation {
  id: string;
  slot: RecommendationSlot;
  name: string;
  email: string;
  relationship: string;
  waived: boolean;
  status: RecommendationStatus;
  requestedAt: string;
  lastSentAt: string | null;
  openedAt: string | null;
  receivedAt: string | null;
  expiresAt: string;
  remindersSent: number;
  answeredWith: 'letter' | 'form' | null;
}

/** Body of a new request. */
export interface RecommendationRequestBody {
  slot: RecommendationSlot;
  name: string;
  email: string;
  relationship: string;
  waived: boolean;
}

/** What a recommender's link shows (GET /api/recommendations/request). */
export interface RecommenderRequest {
  applicantName: string;
  program: string;
  semester: string;
  recommenderName: string;
  waived: boolean;
  status: RecommendationStatus;
  expiresAt: string;
  locale: string;
}

/** The short form's answers. */
export interface RecommendationAnswers {
  acquaintance: string;
  strengths: string;
  overall: 'strongly' | 'recommend' | 'reservations' | 'not';
  comments?: string;
}

/** The application token header when the caller holds one (the form), none for a logged-in owner (/home). */
const byToken = (token: string | null | undefined) => (token ? { headers: { 'X-Application-Token': token } } : {});
const path = (applicationId: string) => `/applications/${encodeURIComponent(applicationId)}/recommendations`;

/** The application's live requests. */
export async function listRecommendations(applicationId: string, token?: string | null): Promise<Recommendation[]> {
  const { data } = await api.get<{ success: true; data: Recommendation[] }>(path(applicationId), { ...byToken(token), silent: true });
  return data.data;
}

/** Sends a request (replacing the slot's recommender if any). */
export async function requestRecommendation(
  applicationId: string,
  token: string | null,
  body: RecommendationRequestBody,
): Promise<Recommendation> {
  const { data } = await api.post<{ success: true; data: Recommendation }>(path(applicationId), body, byToken(token));
  return data.data;
}

/** E-mails the recommender a new link (rate limited: 429). */
export async function resendRecommendation(applicationId: string, token: string | null, id: string): Promise<Recommendation> {
  const { data } = await api.post<{ success: true; data: Recommendation }>(
    `${path(applicationId)}/${encodeURIComponent(id)}/resend`,
    {},
    byToken(token),
  );
  return data.data;
}

/** Removes a recommender (the link stops working). */
export async function removeRecommendation(applicationId: string, token: string | null, id: string): Promise<void> {
  await api.delete(`${path(applicationId)}/${encodeURIComponent(id)}`, byToken(token));
}

const recommenderHeaders = (token: string) => ({ headers: { 'X-Recommendation-Token': token }, silent: true });

/** The request a recommender's link opens (marks it opened). */
export async function fetchRecommenderRequest(token: string): Promise<RecommenderRequest> {
  const { data } = await api.get<{ success: true; data: RecommenderRequest }>('/recommendations/request', recommenderHeaders(token));
  return data.data;
}

/** Uploads the recommender's letter (ends the link). */
export async function sendRecommendationLetter(token: string, file: File): Promise<void> {
  const form = new FormData();
  form.append('file', file);
  await api.post('/recommendations/letter', form, recommenderHeaders(token));
}

/** Sends the short form (ends the link). */
export async function sendRecommendationAnswers(token: string, answers: RecommendationAnswers): Promise<void> {
  await api.post('/recommendations/answers', answers, recommenderHeaders(token));
}
