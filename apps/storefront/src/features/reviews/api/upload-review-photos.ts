/**
 * Sends each chosen photo as the raw body of a review's photo route (POST .../photos), one after
 * another; the review is already saved, so a refused photo does not undo it. Returns how many failed.
 */
export async function uploadReviewPhotos(path: string, files: readonly File[]): Promise<number> {
  let failed = 0;
  for (const file of files) {
    const response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': file.type || 'application/octet-stream' },
      body: file,
    }).catch(() => null);
    if (!response?.ok) failed++;
  }
  return failed;
}
