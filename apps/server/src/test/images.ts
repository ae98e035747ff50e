/** A real 4×4 PNG (the upload decodes what it is sent, so a PNG's signature alone is refused). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVR4nGNQWlUORwzEcQAH4hQxjL9begAAAABJRU5ErkJggg==',
  'base64',
);
