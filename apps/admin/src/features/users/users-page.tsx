import { Route, Routes } from 'react-router';
import { UserSearch } from './user-search';
import { UserDetail } from './user-detail';

/** The users area: the search at `#/users`, a user's page at `#/users/<id>`. */
export default function UsersPage() {
  return (
    <Routes>
      <Route index element={<UserSearch />} />
      <Route path=":id" element={<UserDetail />} />
    </Routes>
  );
}
