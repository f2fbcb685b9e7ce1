import { createContext, type ReactNode, useContext, useMemo } from "react";
import type { ResourceDeclaration } from "../resources/types";

interface Resources {
  /** Every declared resource (src/resources). */
  all: readonly ResourceDeclaration[];
  /** The one whose page is on screen, inside a resource route. */
  current?: ResourceDeclaration;
}

/**
 * How components and pages reach the resource declarations: the registry is handed in once, at the
 * signed-in app's root (src/SignedInApp.tsx), never imported by them. Outside it (a part rendered on
 * its own) there are none.
 */
const ResourceContext = createContext<Resources>({ all: [] });

export function ResourcesProvider({ resources, children }: { resources: readonly ResourceDeclaration[]; children: ReactNode }) {
  const value = useMemo(() => ({ all: resources }), [resources]);
  return <ResourceContext.Provider value={value}>{children}</ResourceContext.Provider>;
}

/** Marks the declaration whose page is drawn below (src/routes/ResourceRoute.tsx). */
export function CurrentResourceProvider({ resource, children }: { resource: ResourceDeclaration; children: ReactNode }) {
  const { all } = useContext(ResourceContext);
  const value = useMemo(() => ({ all, current: resource }), [all, resource]);
  return <ResourceContext.Provider value={value}>{children}</ResourceContext.Provider>;
}

/** Every declared resource; pass them to the helpers of src/resources (menuOf, screenHeading, ...). */
export function useResourceDeclarations(): readonly ResourceDeclaration[] {
  return useContext(ResourceContext).all;
}

/** The declaration whose page is on screen, so a generic page knows which identifier it serves. */
export function useCurrentResource(): ResourceDeclaration {
  const { current } = useContext(ResourceContext);
  if (!current) throw new Error("useCurrentResource must be used inside a resource route");
  return current;
}
