const TYPE_OF_EXTENSION: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

/** The content type a file name's extension stands for, for files that come without one. */
export function contentTypeOfName(name: string | null | undefined): string | undefined {
  const match = /\.([a-z0-9]+)$/i.exec(name ?? "");
  return match ? TYPE_OF_EXTENSION[match[1].toLowerCase()] : undefined;
}
