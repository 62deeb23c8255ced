// src/main.tsx imports this on its own, so that the router library's code is evaluated in a task of
// its own. A named re-export, not import('react-router'): importing the whole module would keep every
// export of the library in the bundle.
export { createBrowserRouter } from 'react-router';
