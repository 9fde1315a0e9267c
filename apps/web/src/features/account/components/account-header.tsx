import { useState } from 'react';
import { displayMobile, displayRating, type Profile } from '@school/shared/auth/profile';
import { initials } from '@school/shared/ui/initials';
import { PhotoModal } from './photo-modal';

/** Name, email, mobile, three numbers and the photo with its edit button (spec 1 §2). */
export function AccountHeader({ profile }: { profile: Profile }) {
  const [editing, setEditing] = useState(false);
  return (
    <section className="account-header" aria-label="Account summary">
      <div className="account-photo">
        {profile.photo ? <img src={profile.photo} alt="Profile photo" className="avatar avatar-lg" /> : <span className="avatar avatar-lg avatar-initials" aria-hidden="true">{initials(profile.full_name, profile.username)}</span>}
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(true)}>
          Edit Photo
        </button>
      </div>
      <div className="account-identity">
        <h2>{profile.full_name || profile.username}</h2>
        <p>{profile.email}</p>
        <p>{displayMobile(profile)}</p>
      </div>
      <dl className="account-stats">
        <div>
          <dt>Courses</dt>
          <dd>{profile.course_count}</dd>
        </div>
        <div>
          <dt>Certificates</dt>
          <dd>{profile.certificate_count}</dd>
        </div>
        <div>
          <dt>Average Rating</dt>
          <dd>{displayRating(profile.average_rating)}</dd>
        </div>
      </dl>
      <PhotoModal open={editing} onClose={() => setEditing(false)} />
    </section>
  );
}
