// Async boundary: shared singletons are negotiated before React or the store load (module federation).
import('./bootstrap');
