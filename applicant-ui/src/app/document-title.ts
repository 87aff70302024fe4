/**
 * The document title and meta description of the applicant app (issue 13, WCAG 2.4.2): each page is
 * named by the step it shows ("Step 3: Education" — the step indicator's current item) or else by its
 * `<h1>`, followed by the app's name in the page's language ("Step 3: Education – Online Application").
 */

/** The page's own name: the current step's label when a step indicator marks one, else the first `<h1>`'s text. */
export function pageName(root: ParentNode): string {
  const step = root.querySelector('[aria-current="step"]')?.textContent;
  const heading = root.querySelector('h1')?.textContent;
  return (step || heading || '').replace(/\s+/g, ' ').trim();
}

/**
 * Keeps `document.title` and `<meta name="description">` up to date as the page renders (a mutation
 * observer on `<body>`), until the returned function is called.
 * @param titleFor the full title for a page name (`''` when the page has none yet)
 * @param description the meta description in the page's language
 */
export function followDocumentTitle(titleFor: (page: string) => string, description: string): () => void {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = description;
  const update = () => {
    const next = titleFor(pageName(document.body));
    if (document.title !== next) document.title = next;
  };
  update();
  const observer = new MutationObserver(update);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return () => observer.disconnect();
}
