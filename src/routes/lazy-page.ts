import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { PageLoader } from "./page-map";

const cache = new Map<PageLoader, LazyExoticComponent<ComponentType>>();

/** One React.lazy component per loader, so revisiting a route reuses the loaded module. */
export function lazyPage(loader: PageLoader): LazyExoticComponent<ComponentType> {
  let component = cache.get(loader);
  if (!component) {
    component = lazy(loader);
    cache.set(loader, component);
  }
  return component;
}
