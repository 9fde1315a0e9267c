import { Link } from 'react-router';
import type { QuestionSummary } from '@school/shared/forum/schemas';
import { RelativeTime } from '@/components/relative-time';
import { RichText } from '@/components/rich-text';
import { paths } from '@/config/paths';
import { TagList } from './tag-list';
import { TopicMarkers } from './topic-markers';

/** One topic in a list: counts, title, markers, a search's highlighted excerpt, tags and who asked when. */
export function TopicItem({ topic }: { topic: QuestionSummary }) {
  const votes = topic.positive_votes - topic.negative_votes;
  return (
    <li className="topic">
      <dl className="topic-counts">
        <div>
          <dt>{Math.abs(votes) === 1 ? 'vote' : 'votes'}</dt>
          <dd>{votes}</dd>
        </div>
        <div className={topic.answered ? 'is-answered' : undefined}>
          <dt>{topic.answer_count === 1 ? 'answer' : 'answers'}</dt>
          <dd>{topic.answer_count}</dd>
        </div>
        <div>
          <dt>{topic.view_count === 1 ? 'view' : 'views'}</dt>
          <dd>{topic.view_count}</dd>
        </div>
      </dl>
      <div className="topic-main">
        <h3 className="topic-title">
          <Link to={paths.forumTopic(String(topic.id))}>{topic.title}</Link>
        </h3>
        <TopicMarkers closed={topic.closed} answered={topic.answered} hidden={topic.hidden} />
        {/* The server's highlighted excerpt (<mark>), sanitized here too. */}
        {topic.excerpt && <RichText className="topic-excerpt" html={topic.excerpt} />}
        <div className="topic-foot">
          <TagList tags={topic.tags} />
          <p className="topic-byline">
            {topic.user.full_name} asked <RelativeTime iso={topic.pub_date} />
          </p>
        </div>
      </div>
    </li>
  );
}
