import { Toaster } from '@cartwheel/ui/toaster';
import { TooltipProvider } from '@cartwheel/ui/tooltip';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createRouter } from './router.tsx';

export function App() {
  const [router] = useState(createRouter);
  return (
    <TooltipProvider>
      <RouterProvider router={router} />
      <Toaster />
    </TooltipProvider>
  );
}
