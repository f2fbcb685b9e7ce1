import { useEffect, useState } from "react";
import { contentTypeOf, type LooseFile } from "./file-type";

function toBlob(file: LooseFile, type: string): Blob {
  const binary = atob(file.data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/**
 * A Blob URL for a base64 file, revoked when the file changes or the component unmounts. Blob URLs,
 * unlike long data: URLs, load reliably in frames and download links; the data: URL is the fallback
 * when the base64 cannot be decoded.
 */
export function useFileUrl(file: LooseFile): string {
  const type = contentTypeOf(file) ?? "application/octet-stream";
  const dataUrl = `data:${type};base64,${file.data}`;
  const [url, setUrl] = useState<string>(dataUrl);
  useEffect(() => {
    let objectUrl: string | undefined;
    try {
      objectUrl = URL.createObjectURL(toBlob(file, type));
      setUrl(objectUrl);
    } catch {
      setUrl(dataUrl);
    }
    return () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [file, type, dataUrl]);
  return url;
}
