import { createContext, useContext } from "react";
import type { ResourceDeclaration } from "./types";

/** The declaration whose page is on screen, so a generic page knows which identifier it serves. */
export const CurrentResourceContext = createContext<ResourceDeclaration | undefined>(undefined);

export function useCurrentResource(): ResourceDeclaration {
  const resource = useContext(CurrentResourceContext);
  if (!resource) throw new Error("useCurrentResource must be used inside a resource route");
  return resource;
}
