import { useNavigation } from 'react-router';

/** A thin bar at the top while the next page's code loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className="ac-nav-progress" role="progressbar" aria-busy="true" aria-label="loading" />;
}
