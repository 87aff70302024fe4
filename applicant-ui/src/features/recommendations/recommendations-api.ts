/** Recommendation calls (docs/api.md "Recommendations", issue 15 item 1): the applicant's and the recommender's. */
import { formBody, type RequestBody } from '../../../../contract/client/create-client';
import { api, applicationTokenHeader, call, type Schema } from '../../shared/api/client';

/** A request as the applicant sees it (GET /api/applications/:id/recommendations; contract `RecommendationView`). */
export type Recommendation = Schema<'RecommendationView'>;

/** A recommender slot of the references step (firstRecommender, secondRecommender, thirdRecommender). */
export type RecommendationSlot = Recommendation['slot'];

/** Where a request stands. */
export type RecommendationStatus = Recommendation['status'];

/** Body of a new request (contract `RequestRecommendationDto`). */
export type RecommendationRequestBody = RequestBody<'requestRecommendation'>;

/** What a recommender's link shows (GET /api/recommendations/request; contract `RecommenderRequestView`). */
export type RecommenderRequest = Schema<'RecommenderRequestView'>;

/** The short form's answers (contract `RecommendationAnswersDto`). */
export type RecommendationAnswers = RequestBody<'answersRecommender'>;

/** The application's live requests (the application token when the caller holds one, the form; none for a logged-in owner, /home). */
export async function listRecommendations(applicationId: string, token?: string | null): Promise<Recommendation[]> {
  const answer = await call(
    api.GET('/api/applications/{id}/recommendations', { params: { path: { id: applicationId } }, headers: applicationTokenHeader(token) }),
    { silent: true },
  );
  return answer.data;
}

/** Sends a request (replacing the slot's recommender if any). */
export async function requestRecommendation(
  applicationId: string,
  token: string | null,
  body: RecommendationRequestBody,
): Promise<Recommendation> {
  const answer = await call(
    api.POST('/api/applications/{id}/recommendations', {
      params: { path: { id: applicationId } },
      body,
      headers: applicationTokenHeader(token),
    }),
  );
  return answer.data;
}

/** E-mails the recommender a new link (rate limited: 429). */
export async function resendRecommendation(applicationId: string, token: string | null, id: string): Promise<Recommendation> {
  const answer = await call(
    api.POST('/api/applications/{id}/recommendations/{rid}/resend', {
      params: { path: { id: applicationId, rid: id } },
      headers: applicationTokenHeader(token),
    }),
  );
  return answer.data;
}

/** Removes a recommender (the link stops working). */
export async function removeRecommendation(applicationId: string, token: string | null, id: string): Promise<void> {
  await call(
    api.DELETE('/api/applications/{id}/recommendations/{rid}', {
      params: { path: { id: applicationId, rid: id } },
      headers: applicationTokenHeader(token),
    }),
  );
}

const recommenderHeaders = (token: string) => ({ header: { 'X-Recommendation-Token': token } });

/** The request a recommender's link opens (marks it opened). */
export async function fetchRecommenderRequest(token: string): Promise<RecommenderRequest> {
  return (await call(api.GET('/api/recommendations/request', { params: recommenderHeaders(token) }), { silent: true })).data;
}

/** Uploads the recommender's letter (ends the link). */
export async function sendRecommendationLetter(token: string, file: File): Promise<void> {
  const form = new FormData();
  form.append('file', file);
  await call(
    api.POST('/api/recommendations/letter', {
      body: formBody<'letterRecommender'>(form),
      params: recommenderHeaders(token),
    }),
    { silent: true },
  );
}

/** Sends the short form (ends the link). */
export async function sendRecommendationAnswers(token: string, answers: RecommendationAnswers): Promise<void> {
  await call(api.POST('/api/recommendations/answers', { body: answers, params: recommenderHeaders(token) }), { silent: true });
}
