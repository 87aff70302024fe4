/** React access to GET /api/config (docs/api.md "Public configuration"). */
import { useEffect, useState } from 'react';
import { FALLBACK_CONFIG, getConfig, type PublicConfig } from './config-api';

/**
 * The deployment's public configuration: {@link FALLBACK_CONFIG} until the (cached, never failing)
 * GET /api/config answers, then its answer.
 */
export function useConfig(): PublicConfig {
  const [config, setConfig] = useState<PublicConfig>(FALLBACK_CONFIG);
  useEffect(() => {
    let alive = true;
    void getConfig().then((c) => alive && setConfig(c));
    return () => {
      alive = false;
    };
  }, []);
  return config;
}
