import { Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';

/**
 * Off to the not-found page. A fresh Navigate for each location: when another navigation lands first (an ended
 * session goes home), the same element kept mounted would not navigate again, and the page stayed blank.
 */
export function ToNotFound() {
  const location = useLocation();
  return <Navigate key={location.key} to={paths.notFound} replace />;
}
