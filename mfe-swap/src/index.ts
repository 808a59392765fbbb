// Async boundary: shared singletons (react, shared-chain) are negotiated before any import runs.
import('./bootstrap');
